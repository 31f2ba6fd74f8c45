/* The floor for Penny's CSV import: libcsv alone parsing the same file, counting records
 * and summing one amount column as integer cents (decimal comma, '.' groups), with the
 * same parser options Penny uses. Penny's import is measured against this in the same
 * `make bench` run.
 *
 *   cc -O2 scripts/csv_floor.c -lcsv -o bench-out/csv_floor
 *   bench-out/csv_floor FILE DELIMITER COLUMN      (COLUMN is 1-based)
 */
#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct state { long records; long long cents; int field; int column; };

static void on_field(void *data, size_t len, void *ctx) {
    struct state *s = ctx;
    if (++s->field != s->column || s->records == 0) return;
    const char *p = data;
    long long value = 0; int negative = 0;
    for (size_t i = 0; i < len; i++) {
        if (p[i] == '-') negative = 1;
        else if (p[i] >= '0' && p[i] <= '9') value = value * 10 + (p[i] - '0');
    }
    s->cents += negative ? -value : value;
}

static void on_record(int c, void *ctx) {
    struct state *s = ctx;
    (void)c;
    if (s->field > 0) s->records++;
    s->field = 0;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: csv_floor FILE DELIMITER COLUMN\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    struct csv_parser p;
    if (csv_init(&p, CSV_STRICT | CSV_REPALL_NL | CSV_STRICT_FINI) != 0) return 1;
    csv_set_delim(&p, (unsigned char)argv[2][0]);
    struct state s = { 0, 0, 0, atoi(argv[3]) };
    static char buffer[1 << 20];
    size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, f)) > 0) {
        if (csv_parse(&p, buffer, n, on_field, on_record, &s) != n) { fprintf(stderr, "%s\n", csv_strerror(csv_error(&p))); return 1; }
    }
    csv_fini(&p, on_field, on_record, &s);
    csv_free(&p);
    printf("%ld records, sum %lld cents\n", s.records - 1, s.cents);
    return 0;
}
