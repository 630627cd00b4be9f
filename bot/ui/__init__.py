from .components import DYNAMIC_ITEMS, dispatch_directly
from .game_ui import GameUI
from .table_ui import TableUI

__all__ = ["DYNAMIC_ITEMS", "dispatch_directly", "GameUI", "TableUI"]
