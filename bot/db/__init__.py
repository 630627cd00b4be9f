from .database import Database, NewerDatabase, migrations

__all__ = ["Database", "NewerDatabase", "migrations"]
