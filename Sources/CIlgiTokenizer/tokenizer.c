#include "ilgi_tokenizer.h"

#include <stdlib.h>
#include <string.h>

/* unicode61 with "remove_diacritics 2", made once per table, and its methods. */
typedef struct IlgiTokenizer {
  fts5_tokenizer inner;
  Fts5Tokenizer *innerTokenizer;
} IlgiTokenizer;

/* What unicode61 makes of each byte: ASCII letters and digits are part of a token (capitals
   folded to small letters), every other ASCII byte ends one; bytes beyond ASCII are looked at
   further. */
enum { SEPARATOR = 0, SMALL = 1, CAPITAL = 2, BEYOND = 3 };
static const unsigned char byteClass[256] = {
  ['0' ... '9'] = SMALL, ['a' ... 'z'] = SMALL, ['A' ... 'Z'] = CAPITAL, [0x80 ... 0xFF] = BEYOND,
};

/* Whether the three bytes at `s` are a Hangul syllable or a Unicode 1.1 CJK ideograph:
   letters to unicode61, left as they are by its case folding and diacritic removal. */
static int isPlainThreeByteLetter(const unsigned char *s) {
  if ((s[0] & 0xF0) != 0xE0 || (s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80) return 0;
  unsigned int value = ((unsigned int)(s[0] & 0x0F) << 12) | ((unsigned int)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
  return (value >= 0xAC00 && value <= 0xD7A3) || (value >= 0x4E00 && value <= 0x9FA5);
}

static int ilgiCreate(void *context, const char **arguments, int count, Fts5Tokenizer **out) {
  fts5_api *api = (fts5_api *)context;
  (void)arguments;
  (void)count;
  IlgiTokenizer *tokenizer = sqlite3_malloc(sizeof(IlgiTokenizer));
  if (tokenizer == NULL) return SQLITE_NOMEM;
  memset(tokenizer, 0, sizeof(IlgiTokenizer));
  void *user = NULL;
  int rc = api->xFindTokenizer(api, "unicode61", &user, &tokenizer->inner);
  if (rc == SQLITE_OK) {
    const char *options[] = {"remove_diacritics", "2"};
    rc = tokenizer->inner.xCreate(user, options, 2, &tokenizer->innerTokenizer);
  }
  if (rc != SQLITE_OK) {
    sqlite3_free(tokenizer);
    return rc;
  }
  *out = (Fts5Tokenizer *)tokenizer;
  return SQLITE_OK;
}

static void ilgiDelete(Fts5Tokenizer *pointer) {
  IlgiTokenizer *tokenizer = (IlgiTokenizer *)pointer;
  if (tokenizer == NULL) return;
  if (tokenizer->innerTokenizer != NULL) tokenizer->inner.xDelete(tokenizer->innerTokenizer);
  sqlite3_free(tokenizer);
}

/* A word handed to unicode61: its tokens' offsets are moved to where the word starts. */
typedef struct Shifted {
  void *context;
  int (*token)(void *, int, const char *, int, int, int);
  int offset;
  /* Whether the caller asked for no more tokens (SQLITE_DONE), which unicode61 does not pass on. */
  int done;
} Shifted;

static int shiftedToken(void *pointer, int flags, const char *token, int length, int start, int end) {
  Shifted *shifted = (Shifted *)pointer;
  int rc = shifted->token(shifted->context, flags, token, length, start + shifted->offset, end + shifted->offset);
  if (rc == SQLITE_DONE) shifted->done = 1;
  return rc;
}

static int ilgiTokenize(
  Fts5Tokenizer *pointer, void *context, int flags, const char *text, int length,
  int (*token)(void *, int, const char *, int, int, int)
) {
  IlgiTokenizer *tokenizer = (IlgiTokenizer *)pointer;
  const unsigned char *bytes = (const unsigned char *)text;
  /* A token is never longer than the text: one buffer holds any of them. */
  char small[256];
  char *folded = small;
  if (length > (int)sizeof(small)) {
    folded = sqlite3_malloc(length);
    if (folded == NULL) return SQLITE_NOMEM;
  }
  int rc = SQLITE_OK;
  int index = 0;
  while (rc == SQLITE_OK && index < length) {
    if (byteClass[bytes[index]] == SEPARATOR) {
      index++;
      continue;
    }
    /* A word: everything up to the next ASCII byte that is neither a letter nor a digit.
       unicode61 ends a token at every such byte, so no token spans two words. Its folded
       form is written while it is read, until a byte shows it needs unicode61. */
    int start = index;
    int size = 0;
    int plain = 1;
    while (index < length) {
      unsigned char c = bytes[index];
      unsigned char kind = byteClass[c];
      if (kind == SMALL) {
        folded[size++] = (char)c;
        index++;
      } else if (kind == CAPITAL) {
        folded[size++] = (char)(c + 32);
        index++;
      } else if (kind == SEPARATOR) {
        break;
      } else if (plain && index + 2 < length && isPlainThreeByteLetter(bytes + index)) {
        memcpy(folded + size, bytes + index, 3);
        size += 3;
        index += 3;
      } else {
        plain = 0;
        index++;
      }
    }
    if (plain) {
      rc = token(context, 0, folded, size, start, index);
    } else {
      Shifted shifted = {context, token, start, 0};
      rc = tokenizer->inner.xTokenize(
        tokenizer->innerTokenizer, &shifted, flags, text + start, index - start, shiftedToken);
      if (rc == SQLITE_OK && shifted.done) rc = SQLITE_DONE;
    }
  }
  if (folded != small) sqlite3_free(folded);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int ilgi_register_tokenizer(sqlite3 *db) {
  fts5_api *api = NULL;
  sqlite3_stmt *statement = NULL;
  int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, NULL);
  if (rc != SQLITE_OK) return rc;
  sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", NULL);
  sqlite3_step(statement);
  rc = sqlite3_finalize(statement);
  if (rc != SQLITE_OK) return rc;
  if (api == NULL || api->iVersion < 2) return SQLITE_ERROR;
  fts5_tokenizer methods = {ilgiCreate, ilgiDelete, ilgiTokenize};
  return api->xCreateTokenizer(api, "ilgi", (void *)api, &methods, NULL);
}

int ilgi_sqlite_without_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
