// sqlite3_config is variadic, which Swift cannot call: this one C function calls it.
#include <sqlite3.h>
#include "KBSQLiteSetup.h"

int kb_sqlite_setup(void) {
    // Without memory statistics, which nothing here reads, SQLite takes no global mutex on each of
    // its allocations: an import's writer spent a tenth of its time locking and unlocking it.
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
