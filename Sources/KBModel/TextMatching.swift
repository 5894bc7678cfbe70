import Foundation

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
    /// Whether the text contains the ASCII `needle`, as Foundation's `contains` says, by bytes
    /// (Foundation's goes through UTF-16 on Linux). Bytes decide it alone when they find no
    /// occurrence (an ASCII needle has no other form, none of these holding `;` or `K`) or one with
    /// ASCII on both sides; an occurrence touching other characters is left to Foundation, whose
    /// matching compares composed character sequences.
    package func containsASCII(_ needle: StaticString) -> Bool {
        let n = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = n.first else { return true }
        func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
            guard bytes.count >= n.count else { return false }
            var i = 0
            var undecided = false
            while i <= bytes.count - n.count {
                if bytes[i] == first {
                    var k = 1
                    while k < n.count, bytes[i + k] == n[k] { k += 1 }
                    if k == n.count {
                        let before = i > 0 ? bytes[i - 1] : 0
                        let after = i + k < bytes.count ? bytes[i + k] : 0
                        if before < 0x80 && after < 0x80 { return true }
                        undecided = true
                    }
                }
                i += 1
            }
            return undecided ? nil : false
        }
        let found = utf8.withContiguousStorageIfAvailable(search) ?? Array(utf8).withUnsafeBufferPointer(search)
        return found ?? contains(needle.description)
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

// `trimmingSpaces` runs on every line of every import. The generic one above walks Characters
// through protocol witnesses from other modules (it showed at 6% of a 10k import); these concrete
// ones walk bytes and fall back to it only where bytes alone cannot say the same thing.
extension String {
    package func trimmingSpaces() -> Substring { self[...].trimmingSpaces() }
}

extension Substring {
    package func trimmingSpaces() -> Substring {
        let bytes = utf8
        var start = bytes.startIndex
        let end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
        if start == end { return self[endIndex...] }
        // Past trimmed spaces, a non-ASCII character may combine with the last space into one
        // Character (which is kept); a no-break space or byte-order mark is trimmed by Characters.
        if bytes[start] >= 0x80, start != bytes.startIndex || Substring.mayBeSpace(bytes, at: start) {
            return trimmingSpacesByCharacter()
        }
        var last = end
        while bytes[bytes.index(before: last)] == 0x20 || bytes[bytes.index(before: last)] == 0x09 {
            last = bytes.index(before: last)
        }
        // Before trimmed spaces, a non-ASCII character may hold the first space in its Character
        // (a prepended mark); a no-break space or byte-order mark at the end is trimmed by Characters.
        if bytes[bytes.index(before: last)] >= 0x80, last != end || Substring.mayEndInSpace(bytes) {
            return trimmingSpacesByCharacter()
        }
        return self[start..<last]
    }

    /// U+00A0 (C2 A0) or U+FEFF (EF BB BF) at `index`.
    private static func mayBeSpace(_ bytes: Substring.UTF8View, at index: String.Index) -> Bool {
        bytes[index] == 0xC2 || bytes[index] == 0xEF
    }

    /// Ends in U+00A0 (C2 A0) or U+FEFF (EF BB BF).
    private static func mayEndInSpace(_ bytes: Substring.UTF8View) -> Bool {
        bytes.last == 0xA0 || bytes.last == 0xBF
    }

    private func trimmingSpacesByCharacter() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" || $0 == "\u{FEFF}" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isSpace($0) })!
        return self[first...last]
    }
}
