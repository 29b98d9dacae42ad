#!/usr/bin/env bash
# Repoints comments that cite the source product's documents to the repository's own:
#   "spec §X"      → "product.md §X"       (docs/product.md keeps the spec's section numbers)
#   "design.md §X" → "architecture.md §X"  (docs/architecture.md keeps design.md's numbers)
# across tracked source files (ts, tsx, astro, mjs, js, sh, css, sql and the host rules file).
# A list after the prefix ("spec §4, §5") follows it unchanged; a bare "(§5)" on a line that
# speaks of "the spec's" text gets the prefix too. Afterwards it prints every "§"
# reference it could not map (no prefix it knows) and every cited section missing from the
# target document, and counts the rewrites. Run it from anywhere in the repository; it only
# edits the working tree. `--check` reports without writing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

mode=write
if [ "${1:-}" = "--check" ]; then mode=check; fi

mapfile -d '' files < <(git ls-files -z -- '*.ts' '*.tsx' '*.astro' '*.mjs' '*.js' '*.sh' '*.css' '*.sql' 'site/public/_redirects' \
  ':!scripts/repoint-doc-refs.sh')

# Section numbers each target document has: headings "## 2." / "### 2.4 " / "## 9a."
sections_of() {
  [ -f "$1" ] || return 0
  sed -nE 's/^#{2,4} +([0-9]+[a-z]?(\.[0-9]+)?)[. ].*/\1/p' "$1" | sort -u | tr '\n' ' '
}
PRODUCT_SECTIONS=" $(sections_of docs/product.md)"
ARCH_SECTIONS=" $(sections_of docs/architecture.md)"
export PRODUCT_SECTIONS ARCH_SECTIONS mode

perl -CSD -Mutf8 -e '
  use strict; use warnings;
  my ($rewritten, $unmapped, $missing, $changed_files) = (0, 0, 0, 0);
  my %have = (product => " $ENV{PRODUCT_SECTIONS} ", architecture => " $ENV{ARCH_SECTIONS} ");
  my $sec = qr/[0-9]+[a-z]?(?:\.[0-9]+)?/;
  my $list = qr/§\s?$sec(?:(?:,\s*|\s+and\s+|\s*[\/–-]\s*|\s+or\s+)§\s?$sec)*/;
  for my $file (@ARGV) {
    open(my $in, "<:encoding(UTF-8)", $file) or die "$file: $!";
    local $/; my $text = <$in>; close $in;
    next unless $text =~ /§/;
    my $count = 0;
    $count += ($text =~ s/(?<![\w.\/-])[Ss]pec(?= §)/product.md/g);
    $count += ($text =~ s/(?<![\w.\/-])design\.md(?= §)/architecture.md/g);
    # A bare reference in parentheses on a line about the spec\x27s text: "(§5)".
    $count += ($text =~ s/^(.*\bspec\x27s\b.*?\()(?=§)/${1}product.md /mg);
    $rewritten += $count;
    # Check every cited section exists; report every "§" without a known prefix.
    my $n = 0;
    for my $line (split /\n/, $text, -1) {
      $n++;
      next unless $line =~ /§/;
      my $rest = $line;
      while ($rest =~ /\b(product|architecture)\.md ($list)/g) {
        my ($doc, $refs) = ($1, $2);
        for my $s ($refs =~ /§\s?($sec)/g) {
          next if $have{$doc} =~ / \Q$s\E /;
          print STDERR "missing section: $doc.md §$s cited at $file:$n\n"; $missing++;
        }
      }
      (my $stripped = $line) =~ s/\b(?:product|architecture)\.md $list//g;
      my $left = () = $stripped =~ /§/g;
      if ($left) { print STDERR "unmapped: $file:$n: " . substr($line =~ s/^\s+//r, 0, 160) . "\n"; $unmapped += $left; }
    }
    if ($count && $ENV{mode} eq "write") {
      open(my $out, ">:encoding(UTF-8)", $file) or die "$file: $!"; print $out $text; close $out;
    }
    $changed_files++ if $count;
  }
  my $verb = $ENV{mode} eq "write" ? "rewrote" : "would rewrite";
  print "$verb $rewritten references in $changed_files files; $unmapped unmapped; $missing cite a missing section\n";
' "${files[@]}"
