import Foundation
import ZIPFoundation

/// The .docx container: an Open Packaging Conventions zip, made in memory by ZIPFoundation.
/// Every entry carries the same time (the zip format's earliest, 1980-01-01 00:00 UTC), so the same
/// parts give the same bytes: two builds of one report are one file.
enum WordPackage {
    static let fixedTime = Date(timeIntervalSince1970: 315_532_800)

    static func zip(_ parts: [(path: String, xml: String)]) throws -> Data {
        let archive = try Archive(accessMode: .create)
        for part in parts {
            let bytes = Data(part.xml.utf8)
            try archive.addEntry(with: part.path, type: .file, uncompressedSize: Int64(bytes.count), modificationDate: fixedTime,
                                 permissions: 0o644, compressionMethod: .deflate) { position, size in
                bytes.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        guard let data = archive.data else { throw CocoaError(.fileWriteUnknown) }
        return data
    }
}
