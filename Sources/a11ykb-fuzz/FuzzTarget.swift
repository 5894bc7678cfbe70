import KBConformance
import KBEvidence
import KBModel
import KBNormalize
import KBQuery
import KBRead
import Foundation

/// One input through everything an import does before the database: decoding, format detection,
/// the reader the format calls for (and the markdown and rendered-text readers whatever the format),
/// then the normalizer; and through the readers of what a team fills in (a results CSV, an axe-core
/// run, an OpenACR report). Errors are the expected answer to bad input; only a crash, a sanitizer
/// report or a hang is a finding. Returns the readers that took the input without an error
/// (`openacr`, `axe`...), so that a test can see a seed reach the reader it was written for.
@discardableResult
func fuzzOne(_ data: Data) -> Set<String> {
    var read = Set<String>()
    // The conformance report's reader takes bytes as `acr check` does (UTF-8 text).
    if let yaml = String(data: data, encoding: .utf8) { fuzzOpenACR(yaml, into: &read) }
    if (try? AxeResults.read(data)) != nil { read.insert("axe") }
    // Every evidence reader, by the format told from the content, then what the summaries compute.
    if let record = try? EvidenceReading.read(data, file: "fuzz") {
        read.insert("evidence " + record.format.rawValue)
        _ = record.mappingCriteria { _ in [] }.outcomesByCriterion
        _ = record.unmappedTests
    }
    guard let text = try? TextDecoding.decode(data) else { return read }
    let format = DocumentReader.detect(text)
    switch format {
    case .webVTT:
        _ = try? TranscriptReader.read(text, fileName: "fuzz_IosVoiceOver-en-US.vtt")
    case .contentJSON:
        if let document = try? ContentJSONReader.read(text) {
            for item in document.items { _ = try? Normalizer.normalize(item.entry, hints: item.hints) }
        }
    case .actRule:
        _ = try? ACTRuleReader.read(text)
    case .axeRule:
        _ = try? StandardsJSON.read(text, kind: .axeRule)
    case .axeRules:
        _ = try? StandardsJSON.read(text, kind: .axeRules)
    case .wcagJSON:
        _ = try? StandardsJSON.read(text, kind: .wcag)
    case .jekyll, .magentaV2, .renderedText:
        break
    }
    for forced in [SourceFormat.jekyll, .magentaV2, .renderedText] {
        guard let entry = try? DocumentReader.read(text, format: forced) else { continue }
        _ = try? Normalizer.normalize(entry, hints: SourceHints(fallbackSlug: "fuzz"))
        _ = try? Normalizer.normalize(entry, hints: SourceHints(slug: "fuzz", family: .web))
    }
    _ = try? TranscriptReader.read(text, fileName: "fuzz_WindowsNvdaChrome-en-US.vtt")
    // The readers of what a team fills in and runs (issue 34): a results CSV as report and acr
    // build read it (any encoding and delimiter), and an axe-core run as explain reads it.
    if let results = try? ResultsText.decode(data, name: "fuzz.csv"),
       (try? CSVRecords.parse(results, delimiter: CSVRecords.delimiter(of: results))) != nil {
        read.insert("results-csv")
    }
    return read
}

/// An OpenACR report as `acr check`, `render` and `diff` take it: read (GSA's schema), checked
/// against its catalog, strictly too, then written and read back, and compared with what was read.
func fuzzOpenACR(_ text: String, into read: inout Set<String>) {
    guard let (report, _) = try? OpenACRReading.read(text) else { return }
    read.insert("openacr")
    _ = OpenACRCheck.check(report, catalog: "2.5-edition-wcag-2.2-508-en")
    _ = OpenACRCheck.check(report, strict: true)
    if let (again, _) = try? OpenACRReading.read(OpenACRWriting.yaml(report)) {
        _ = OpenACRDiff.compare(report, again)
    }
}

#if A11YKB_FUZZ
/// libFuzzer's entry point; built only by `scripts/fuzz`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    fuzzOne(data)
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// SwiftPM links an executable target's `main` to `<target>_main`; hand that over to libFuzzer's driver.
@_cdecl("a11ykb_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in fuzzerTestOneInput(bytes, count) }
}
#else
/// Without the fuzzer (a plain `swift build`): replays inputs given as files, so that a crash the
/// fuzzer found can be reproduced under a debugger: `swift run a11ykb-fuzz crash-...`.
@main
struct FuzzReplay {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        if paths.isEmpty {
            FileHandle.standardError.write(Data("usage: a11ykb-fuzz FILE...  (replays inputs through the readers and normalizer)\n".utf8))
            exit(2)
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("a11ykb-fuzz: cannot read \(path)\n".utf8))
                exit(2)
            }
            fuzzOne(data)
            print("ok \(path)")
        }
    }
}
#endif
