import Foundation

/// FTS5's bm25 (fts5_aux.c: k1 1.2, b 0.75, an idf of at most nothing counted as 1e-6), computed
/// where a long-running reader holds the counts FTS5 would read (the components' pass, the
/// rules): the same operations in the same order as the C, so the same doubles and the same ties.
enum BM25 {
    static let k1 = 1.2, b = 0.75

    /// The idf of a phrase `holding` of `rows` rows hold.
    static func idf(rows: Double, holding: Double) -> Double {
        let idf = log((rows - holding + 0.5) / (holding + 0.5))
        return idf <= 0 ? 1e-6 : idf
    }

    /// One phrase's share of a row's score: `frequency` (weighted by column) in a row `tokens` long.
    static func share(idf: Double, frequency: Double, tokens: Double, averageTokens: Double) -> Double {
        idf * (frequency * (k1 + 1)) / (frequency + k1 * (1 - b + b * tokens / averageTokens))
    }
}
