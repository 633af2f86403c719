#ifndef ILGI_TOKENIZER_H
#define ILGI_TOKENIZER_H

#include <sqlite3.h>

/// Registers the FTS5 tokenizer "ilgi" on `db`: the tokens of SQLite's
/// "unicode61 remove_diacritics 2", found faster in the text a diary holds most.
///
/// Words of ASCII letters and digits, Hangul syllables (U+AC00 to U+D7A3) and the
/// CJK ideographs of Unicode 1.1 (U+4E00 to U+9FA5) are taken as they stand, ASCII
/// folded to lower case: unicode61 takes them so, with no Unicode table lookups.
/// Every other word (anything between two ASCII characters that are neither letters
/// nor digits) is handed to unicode61 itself. Returns an SQLite result code.
int ilgi_register_tokenizer(sqlite3 *db);

/// Turns off SQLite's count of the memory it holds, which takes a lock shared by every
/// thread around each of its allocations (a twentieth of a rebuild's time). Must be
/// called before SQLite is first used and while no other thread can use it; returns
/// SQLITE_MISUSE, changing nothing, once SQLite is in use.
int ilgi_sqlite_without_memory_statistics(void);

#endif
