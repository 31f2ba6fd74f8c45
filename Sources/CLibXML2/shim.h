#ifndef PENNY_CLIBXML2_SHIM_H
#define PENNY_CLIBXML2_SHIM_H
// libxml2's headers pull in ICU headers that clash with Foundation's bundled ICU
// ("'UErrorCode' has different definitions in different modules"): read the
// version header first, switch ICU off, then include the rest.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <libxml/HTMLparser.h>
#endif
