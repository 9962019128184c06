-- hand-written: credit-report dispute problem type begin
-- The problem type "my credit report is wrong" (docs/product/credit-reporting.md#disputes), for
-- databases seeded before it existed. The seed writes the same row (and every type's order) at each
-- start; this only makes sure the row is there, and leaves one already there as it is.
insert into "problem_types" ("parent_value", "value", "title", "sort", "active")
values (0, 9, '{"id": "Laporan kredit saya salah", "en": "My credit report is wrong", "es": "Mi reporte de crédito está mal"}'::jsonb, 7, true)
on conflict ("parent_value", "value") do nothing;
-- hand-written: credit-report dispute problem type end
