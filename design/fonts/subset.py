#!/usr/bin/env python3
"""Cuts the site's three font files to the characters its text uses (decision 0040, session 26).

Reads design/fonts.ts: each file's @fontsource module and the range SUBSET_UNICODE_RANGE, and
writes design/fonts/<name>.woff2 with every OpenType layout feature the kept characters use
(kerning, contextual alternates, tabular figures, fractions; only the combining-mark features
go, with the combining marks: the accented letters are precomposed), the hinting and the names.
Prints the sha256 of each source file: design/fonts.ts records it as `subsetOf`, and
design/fonts.test.ts fails when the installed @fontsource file is not the one the subset was
cut from.

Needs fontTools and Brotli: `apt-get install python3-fonttools python3-brotli`
(or `pip install fonttools brotli`). Run from anywhere: `python3 design/fonts/subset.py`.
"""
import hashlib
import os
import re
import sys

from fontTools import subset

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main() -> None:
    source = open(os.path.join(ROOT, 'design/fonts.ts'), encoding='utf-8').read()
    match = re.search(r"SUBSET_UNICODE_RANGE\s*=\s*'([^']+)'", source)
    if not match:
        sys.exit('design/fonts.ts has no SUBSET_UNICODE_RANGE')
    unicodes = subset.parse_unicodes(match.group(1).replace(' ', ''))
    for module in re.findall(r"module:\s*'([^']+)'", source):
        path = os.path.join(ROOT, 'node_modules', module)
        data = open(path, 'rb').read()
        options = subset.Options()
        options.flavor = 'woff2'
        options.layout_features = ['*']
        options.name_IDs = ['*']
        options.name_languages = ['*']
        options.notdef_outline = True
        options.hinting = True
        font = subset.load_font(path, options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=unicodes)
        subsetter.subset(font)
        out = os.path.join(HERE, os.path.basename(module))
        subset.save_font(font, out, options)
        print(f'{module}: {len(data)} → {os.path.getsize(out)} bytes, subsetOf {hashlib.sha256(data).hexdigest()}')


if __name__ == '__main__':
    main()
