from .model import StaleError, Table, UserError
from .service import Outcome, TableService

__all__ = ["Outcome", "StaleError", "Table", "TableService", "UserError"]
