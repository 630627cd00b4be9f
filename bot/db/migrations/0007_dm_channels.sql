-- Direct-message channels per user, kept across tables and restarts: a DM channel id lets the bot send a hand
-- with one call (POST /channels/{id}/messages) instead of opening the channel again (POST /users/@me/channels,
-- which Discord limits) at every deal of every table. `closed_until`: the user's DMs answered 50007 (closed);
-- the bot does not try again before this Unix time, since every refused call counts towards Discord's limit of
-- invalid requests (10,000 per 10 minutes before a Cloudflare ban).
CREATE TABLE dm_channels (
    user_id      INTEGER PRIMARY KEY,
    channel_id   INTEGER,
    closed_until REAL
);
