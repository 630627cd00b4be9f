-- A computer seat's name ("🤖 Computer 2 (strong)"), as it was seated: a computer has no row in `players`
-- (its negative user_id is its table's own), so a restart named it by that id ("-1"), and so did the records
-- (/schroeoem matches, /replay). NULL for people, whose names live in `players`. Computers seated before this
-- are named here as the lobby names them, numbered within their table (in English: their table's language is
-- not known to SQL).
ALTER TABLE seats ADD COLUMN computer_name TEXT;
UPDATE seats SET computer_name = (
    SELECT '🤖 Computer' || CASE WHEN n.k > 1 THEN ' ' || n.k ELSE '' END || ' (' || seats.computer || ')'
    FROM (SELECT table_id, seat, ROW_NUMBER() OVER (PARTITION BY table_id ORDER BY seat) AS k
          FROM seats WHERE computer IS NOT NULL) AS n
    WHERE n.table_id = seats.table_id AND n.seat = seats.seat)
WHERE computer IS NOT NULL;
