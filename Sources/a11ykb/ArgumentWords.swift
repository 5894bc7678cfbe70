import ArgumentParser

/// An option's closed set of words, each value's raw value (`--family web`, `--color never`).
///
/// ArgumentParser asks a value type for its words (`allValueStrings`, `allValueDescriptions`)
/// eight times in one parse, for every option of the command whether or not help is shown. Its
/// own answers for a raw-valued enum are generic, reached through the protocol's witness tables
/// and a key path built anew at each call: about 75,000 instructions a call, 2.7 M of the 48.7 M a
/// search of a rare word ran. These answers are the same words, read from the raw values directly
/// (an enum whose words differ from its raw values does not take this). Public because the types
/// of other modules conform, and a requirement of ArgumentParser's public protocol is met publicly.
public protocol ArgumentWords: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension ArgumentWords {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    /// ArgumentParser lists a value's description only where it differs from the word; none does.
    public static var allValueDescriptions: [String: String] { [:] }
    public var defaultValueDescription: String { rawValue }
}
