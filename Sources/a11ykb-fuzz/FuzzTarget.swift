import KBModel
import KBNormalize
import KBQuery
import KBRead
import Foundation

/// One input through everything an import does before the database: decoding, format detection,
/// the reader the format calls for (and the markdown and rendered-text readers whatever the format),
/// then the normalizer. Errors are the expected answer to bad input; only a crash, a sanitizer
/// report or a hang is a finding.
func fuzzOne(_ data: Data) {
    guard let text = try? TextDecoding.decode(data) else { return }
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
    if let results = try? ResultsText.decode(data, name: "fuzz.csv") {
        _ = try? CSVRecords.parse(results, delimiter: CSVRecords.delimiter(of: results))
    }
    _ = try? AxeResults.read(data)
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
