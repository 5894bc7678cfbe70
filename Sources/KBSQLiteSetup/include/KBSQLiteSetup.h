#ifndef KB_SQLITE_SETUP_H
#define KB_SQLITE_SETUP_H

/// Sets SQLite up for this process before its first connection opens; a call after that changes
/// nothing (SQLite refuses configuration once initialized). Returns SQLite's result code.
int kb_sqlite_setup(void);

#endif
