/// Text helpers every layer uses.
///
/// Byte-level matching for the hot paths of import. Foundation's `contains`, `range(of:)` and
/// `lowercased()` go through UTF-16 on Linux and dominated profiles of a 100k-entry import.
extension StringProtocol {
    /// Whether the text starts with `prefix`, ASCII letters compared without case.
    package func hasASCIIPrefix(_ prefix: StaticString) -> Bool {
        let p = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        var i = 0
        for byte in utf8 {
            if i == p.count { return true }
            if byte | 0x20 != p[i] | 0x20 { return false }
            if (byte | 0x20) < 0x61 || (byte | 0x20) > 0x7A, byte != p[i] { return false }
            i += 1
        }
        return i == p.count
    }

    /// Whether the text contains `needle` byte for byte.
    package func containsBytes(_ needle: StaticString) -> Bool {
        let n = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = n.first else { return true }
        func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard bytes.count >= n.count else { return false }
            var i = 0
            while i <= bytes.count - n.count {
                if bytes[i] == first {
                    var k = 1
                    while k < n.count, bytes[i + k] == n[k] { k += 1 }
                    if k == n.count { return true }
                }
                i += 1
            }
            return false
        }
        // Native strings are contiguous UTF-8: searched in place, without a copy.
        return utf8.withContiguousStorageIfAvailable(search) ?? Array(utf8).withUnsafeBufferPointer(search)
    }
}

extension StringProtocol {
    /// Drops spaces, tabs and no-break spaces at both ends.
    package func trimmingSpaces() -> SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" || $0 == "\u{FEFF}" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isSpace($0) })!
        return self[first...last]
    }
}
