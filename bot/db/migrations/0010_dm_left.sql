-- `left`: the refusal behind `closed_until` was 50278 (the user shares no server with the bot any more: they left
-- or were kicked), not closed DMs; another table then says so too, instead of pointing them at "My hand".
ALTER TABLE dm_channels ADD COLUMN left_servers INTEGER NOT NULL DEFAULT 0;
