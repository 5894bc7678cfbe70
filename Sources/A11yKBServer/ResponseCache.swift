import Foundation
import Hummingbird

/// Answers already made, by address, each with the knowledge base's version it was made from: the
/// same question asked again of the same file is answered without asking SQLite. An answer of
/// another version is never served (the version is part of the lookup), and an import makes
/// every older answer unreachable. Bounded in bytes: once full, it starts again empty, so memory
/// stays flat however many different questions come.
///
/// Keys are compared as bytes: Swift's `String`s are equal under Unicode canonical equivalence,
/// so `café` written precomposed and decomposed would share one entry, though SQL (`hex()`) tells
/// them apart. Only answers that are a function of the file are put here (never SQL's, which may
/// ask for the time or a random number). A body is kept as the bytes a response sends, shared
/// (not copied) by every response that sends it again.
final class ResponseCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [[UInt8]: (tag: String, body: ByteBuffer)] = [:]
    private var bytes = 0
    let maxBytes: Int

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    func get(_ key: String, tag: String) -> ByteBuffer? {
        guard maxBytes > 0 else { return nil }
        return lock.withLock {
            guard let entry = entries[Array(key.utf8)], entry.tag == tag else { return nil }
            return entry.body
        }
    }

    func put(_ key: String, tag: String, body: ByteBuffer) {
        let size = body.readableBytes + key.utf8.count
        guard maxBytes > 0, size <= maxBytes / 8 else { return }
        lock.withLock {
            if bytes + size > maxBytes {
                entries.removeAll(keepingCapacity: true)
                bytes = 0
            }
            if let old = entries.updateValue((tag, body), forKey: Array(key.utf8)) { bytes -= old.body.readableBytes + key.utf8.count }
            bytes += size
        }
    }
}
