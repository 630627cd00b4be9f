"""How each game looks at a Discord table: its `GameUI` (buttons, menus, the lines its events make), which
the game's cog registers. Presentation only: the rules are the engines', the pictures `bot.render`'s."""
