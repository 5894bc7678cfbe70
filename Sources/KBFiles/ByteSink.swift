import Foundation

/// Where streamed output goes: bytes gathered in a buffer and written to a file descriptor a
/// block at a time, so that an export of any size holds one block, not the whole document.
public final class ByteSink {
    private let writeOut: (UnsafeRawBufferPointer) throws -> Void
    private var buffer: [UInt8] = []
    private let blockSize: Int
    /// Set by a failed write: every later flush throws it again.
    private var failure: String?

    /// Writes each block with `writeOut` (the command line's checked stdout writer, say).
    public init(blockSize: Int = 1 << 16, writeOut: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.writeOut = writeOut
        self.blockSize = blockSize
        buffer.reserveCapacity(blockSize * 2)
    }

    /// Writes to `fd` (not closed by the sink).
    public convenience init(fd: Int32, blockSize: Int = 1 << 16) {
        self.init(blockSize: blockSize) { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw AtomicFile.WriteError(description: "cannot write: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }

    public func write<C: Collection>(_ bytes: C) throws where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= blockSize { try flush() }
    }

    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write($0) }
    }

    /// Appends to the buffer through `body` (byte writers that append to an `[UInt8]`).
    public func append(_ body: (inout [UInt8]) -> Void) throws {
        body(&buffer)
        if buffer.count >= blockSize { try flush() }
    }

    /// Writes out what the buffer holds.
    public func flush() throws {
        if let failure { throw AtomicFile.WriteError(description: failure) }
        do {
            try buffer.withUnsafeBytes { try writeOut($0) }
        } catch let error as AtomicFile.WriteError {
            failure = error.description
            throw error
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// A document written a chunk at a time (`Matrix.Writer`, `ComparisonRendering.Writer`): each
/// chunk's bytes appended as it arrives, the document's end at `finish`.
public protocol ChunkWriter {
    associatedtype Chunk
    mutating func append(_ chunk: Chunk, to out: inout [UInt8])
    mutating func finish(to out: inout [UInt8])
}

extension ChunkWriter {
    public mutating func write(_ chunk: Chunk, to sink: ByteSink) throws {
        try sink.append { append(chunk, to: &$0) }
    }

    public mutating func finish(to sink: ByteSink) throws {
        try sink.append { finish(to: &$0) }
        try sink.flush()
    }
}
