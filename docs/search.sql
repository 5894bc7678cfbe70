-- search.sql: every fact matching :query, best first
WITH hits AS (
  SELECT rowid >> 3 AS id, rowid & 7 AS tag,
         bm25(search_index, 10, 3, 5, 4, 2, 1)
         * CASE rowid & 7 WHEN 1 THEN 2.0 WHEN 2 THEN 1.5 WHEN 4 THEN 1.25 ELSE 1.0 END AS score
  FROM search_index WHERE search_index MATCH :query
)
SELECT 'component' AS fact, c.slug AS component, c.title, c.family, NULL AS platform, NULL AS label,
       c.title AS text, NULL AS line, hits.score
FROM hits JOIN components c ON c.id = hits.id WHERE hits.tag = 1
UNION ALL
SELECT 'criterion', v.component, v.title, v.family, v.platform, v.label, v.text, v.line, hits.score
FROM hits JOIN v_criteria v ON v.id = hits.id WHERE hits.tag = 2
UNION ALL
SELECT 'guidance', v.component, v.title, v.family, v.platform, v.aspect, v.text, v.line, hits.score
FROM hits JOIN v_guidance v ON v.id = hits.id WHERE hits.tag = 3
UNION ALL
SELECT 'announcement', v.component, v.title, v.family, v.platform, v.context, v.text, v.line, hits.score
FROM hits JOIN v_announcements v ON v.id = hits.id WHERE hits.tag = 4
ORDER BY score;
