import Foundation
import ZIPFoundation

/// An Excel workbook (SpreadsheetML parts in a zip, `.xlsx` or the macro-enabled `.xlsm`) read as
/// far as evidence needs: its sheets by name, each a grid of the text its cells show (a shared
/// string, an inline string, a number or a formula's cached value as written). The zip is held to
/// limits before a part is inflated: a zip bomb is refused, never unpacked.
struct Workbook {
    /// Real workbooks hold a few hundred parts (the Trusted Tester one 55).
    static let maxEntries = 10_000
    /// What all parts may unpack to, by their own word and as inflated (the Trusted Tester one: 1.3 MB).
    static let maxUnpacked = EvidenceReading.maxBytes

    enum Problem: Error, Equatable {
        /// Not a zip, or a zip with no workbook in it.
        case notAWorkbook
        /// Over a limit, in words: `unpacks to more than 128 MB`.
        case tooLarge(String)
    }

    /// One sheet's cells: row → column → text, rows and columns counted from 1.
    struct Sheet {
        var name: String
        var cells: [Int: [Int: String]] = [:]
        subscript(row: Int, column: Int) -> String? { cells[row]?[column] }
        var rows: [Int] { cells.keys.sorted() }
        /// `F10` for row 10, column 6.
        static func reference(row: Int, column: Int) -> String {
            var letters = "", c = column
            while c > 0 { letters = String(UnicodeScalar(UInt8(65 + (c - 1) % 26))) + letters; c = (c - 1) / 26 }
            return letters + String(row)
        }
    }

    private let archive: Archive
    /// The sheets in the workbook's order: name and part path.
    let sheetParts: [(name: String, path: String)]
    private let sharedStrings: [String]

    init(_ data: Data) throws {
        guard data.starts(with: EvidenceFormat.zipMagic), let archive = try? Archive(data: data, accessMode: .read, pathEncoding: nil) else {
            throw Problem.notAWorkbook
        }
        var count = 0, declared: UInt64 = 0
        for entry in archive {
            count += 1
            declared &+= entry.uncompressedSize
            if count > Self.maxEntries { throw Problem.tooLarge("holds more than \(Self.maxEntries) entries") }
            if declared > UInt64(Self.maxUnpacked) { throw Problem.tooLarge("unpacks to more than \(Self.maxUnpacked >> 20) MB") }
        }
        self.archive = archive
        // The package's relationships name the workbook part; the workbook's, its sheets and strings.
        let root = try Self.relationships(Self.part(archive, "_rels/.rels"), base: "")
        guard let workbookPath = root.first(where: { $0.type.hasSuffix("/officeDocument") })?.target else { throw Problem.notAWorkbook }
        let folder = workbookPath.split(separator: "/").dropLast().joined(separator: "/")
        let relsPath = (folder.isEmpty ? "" : folder + "/") + "_rels/" + (workbookPath.split(separator: "/").last.map(String.init) ?? "") + ".rels"
        let rels = try Self.relationships(Self.part(archive, relsPath), base: folder)
        var sheets: [(String, String)] = []
        XMLEvents.scan(try Self.part(archive, workbookPath)) { event in
            guard case .open("sheet", let attributes) = event, let name = attributes["name"], let id = attributes["id"],
                  let target = rels.first(where: { $0.id == id })?.target else { return }
            sheets.append((name, target))
        }
        sheetParts = sheets
        var strings: [String] = []
        if let path = rels.first(where: { $0.type.hasSuffix("/sharedStrings") })?.target {
            var current: String?, inText = false, phonetic = false
            XMLEvents.scan(try Self.part(archive, path)) { event in
                switch event {
                case .open("si", _): current = ""
                case .close("si"): strings.append(current ?? ""); current = nil
                case .open("rPh", _): phonetic = true
                case .close("rPh"): phonetic = false
                case .open("t", _): inText = !phonetic
                case .close("t"): inText = false
                case .text(let text) where inText: current? += text
                default: break
                }
            }
        }
        sharedStrings = strings
    }

    /// The sheet named `name`, nil when the workbook has none.
    func sheet(_ name: String) throws -> Sheet? {
        guard let path = sheetParts.first(where: { $0.name == name })?.path else { return nil }
        var sheet = Sheet(name: name)
        var row = 0, column = 0, type = "", value: String?, inline: String?, collecting = false
        XMLEvents.scan(try Self.part(archive, path)) { event in
            switch event {
            case .open("row", let a): row = a["r"].flatMap { Int($0) } ?? row + 1; column = 0
            case .open("c", let a):
                (column, type, value, inline) = (a["r"].flatMap(Self.column) ?? column + 1, a["t"] ?? "", nil, nil)
            case .open("v", _): collecting = true; value = ""
            case .open("t", _): collecting = true; inline = inline ?? ""
            case .close("v"), .close("t"): collecting = false
            case .text(let text) where collecting:
                if inline != nil && value == nil { inline? += text } else { value? += text }
            case .close("c"):
                let text: String?
                switch type {
                case "s": text = value.flatMap { Int($0) }.flatMap { $0 >= 0 && $0 < sharedStrings.count ? sharedStrings[$0] : nil }
                case "inlineStr": text = inline
                case "b": text = value == "1" ? "TRUE" : value == "0" ? "FALSE" : value
                default: text = value ?? inline
                }
                if let text, !text.isEmpty, row > 0 { sheet.cells[row, default: [:]][column] = text }
            default: break
            }
        }
        return sheet
    }

    /// `F10` → 6.
    static func column(_ reference: String) -> Int? {
        var n = 0
        for c in reference.unicodeScalars {
            guard c.value >= 65 && c.value <= 90 else { break }
            n = n * 26 + Int(c.value - 64)
            if n > 16_384 { return nil }
        }
        return n > 0 ? n : nil
    }

    private static func relationships(_ xml: [UInt8], base: String) -> [(id: String, type: String, target: String)] {
        var out: [(String, String, String)] = []
        XMLEvents.scan(xml) { event in
            guard case .open("Relationship", let a) = event, let id = a["Id"], let type = a["Type"], let target = a["Target"],
                  a["TargetMode"] != "External" else { return }
            // A target is relative to the part's folder, or absolute from the package's root.
            out.append((id, type, target.hasPrefix("/") ? String(target.dropFirst()) : (base.isEmpty ? target : base + "/" + target)))
        }
        return out
    }

    /// A part's bytes, inflated no further than it said it would be, nor past the limit.
    private static func part(_ archive: Archive, _ path: String) throws -> [UInt8] {
        guard let entry = archive[path] else { throw Problem.notAWorkbook }
        let limit = min(entry.uncompressedSize, UInt64(maxUnpacked))
        var bytes: [UInt8] = []
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                guard UInt64(bytes.count + chunk.count) <= limit else { throw Problem.tooLarge("unpacks to more than its entries say") }
                bytes += chunk
            }
        } catch let problem as Problem { throw problem } catch { throw Problem.notAWorkbook }
        return bytes
    }
}
