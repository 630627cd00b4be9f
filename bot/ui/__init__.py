from .components import DYNAMIC_ITEMS
from .game_ui import GameUI
from .table_ui import TableUI

__all__ = ["DYNAMIC_ITEMS", "GameUI", "TableUI"]
