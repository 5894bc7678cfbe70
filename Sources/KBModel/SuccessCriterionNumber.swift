/// A WCAG success criterion's number (`1.4.10`), read once and compared as numbers: 1.4.10 comes
/// after 1.4.3, which string order gets wrong. Only ASCII digits make one (`٤.١.٢` is no number),
/// so a tag or a file cannot slip another script's digits in as a criterion.
public struct SCNumber: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public let principle: Int
    public let guideline: Int
    public let criterion: Int

    public init(_ principle: Int, _ guideline: Int, _ criterion: Int) {
        (self.principle, self.guideline, self.criterion) = (principle, guideline, criterion)
    }

    /// `4.1.2`; nil for anything else (a prefix, spaces, another script's digits, four parts).
    /// One pass over the bytes: an import reads one per criterion, tag and citation (80,000 in
    /// a large catalogue), and splitting into arrays of substrings cost a tenth of that import.
    public init?(_ text: some StringProtocol) {
        var parts = (0, 0, 0), index = 0, digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, index < 2 else { return nil }
                index += 1
                digits = 0
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                guard digits < 3 else { return nil }
                digits += 1
                let value = Int(byte - UInt8(ascii: "0"))
                switch index {
                case 0: parts.0 = parts.0 * 10 + value
                case 1: parts.1 = parts.1 * 10 + value
                default: parts.2 = parts.2 * 10 + value
                }
            } else {
                return nil
            }
        }
        guard index == 2, digits > 0 else { return nil }
        self.init(parts.0, parts.1, parts.2)
    }

    /// `4.1.2` written as a number is written (`04.1.2` is not): what finds the same rows again
    /// where a number is stored as text.
    public init?(exactly text: some StringProtocol) {
        guard let number = SCNumber(text), number.description == text else { return nil }
        self = number
    }

    public var description: String { "\(principle).\(guideline).\(criterion)" }

    public static func < (a: SCNumber, b: SCNumber) -> Bool {
        (a.principle, a.guideline, a.criterion) < (b.principle, b.guideline, b.criterion)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let number = SCNumber(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a success criterion number: \(text)"))
        }
        self = number
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

/// A WCAG conformance level. A level as a target takes in those below it: AA is A and AA.
public enum WCAGLevel: String, CaseIterable, Comparable, Sendable, Codable {
    case a = "A", aa = "AA", aaa = "AAA"

    /// `a`, `AA`, ` aaa `; nil for anything else.
    public init?(written: String) {
        self.init(rawValue: written.trimmingCharacters(in: .whitespaces).uppercased())
    }

    /// The levels a conformance target at this level takes in, lowest first.
    public var takesIn: [WCAGLevel] { WCAGLevel.allCases.filter { $0 <= self } }

    public static func < (a: WCAGLevel, b: WCAGLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

extension Sequence where Element == SCNumber {
    /// The numbers as written: `["1.4.3", "4.1.2"]`.
    public var written: [String] { map(\.description) }
}
