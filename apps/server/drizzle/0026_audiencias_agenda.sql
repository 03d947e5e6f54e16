-- The agenda's order (docs/decisions/062): soonest first by date, hour and id, read backwards for
-- the past half. Page 1 of 'Próximas' sorted the whole first day's hearings by hour (at 10M cases
-- ~1,500 rows, 4.4 ms of SQL); with this index it reads its 20 rows, and a deep page's skip inside
-- its date follows the index. Hearing writes wait while it builds.
CREATE INDEX "audiencias_agenda_idx" ON "audiencias" USING btree ("fechah" NULLS FIRST,"hora","id");
