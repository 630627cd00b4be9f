-- A computer seat's name ("🤖 Computer 2 (strong)"), as it was seated: a computer has no row in `players`
-- (its negative user_id is its table's own), so a restart named it by that id ("-1"), and so did the records
-- (/schroeoem matches, /replay). NULL for people, whose names live in `players`. Older computer seats keep
-- NULL and are named from their level when read.
ALTER TABLE seats ADD COLUMN computer_name TEXT;
