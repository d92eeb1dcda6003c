#!/usr/bin/env python3
"""
Wraps the texts a renderer file draws literally in t() (issue 37 point 9): JSX text children
(found by oxlint's react/jsx-no-literals, exact spans) and the literal string attributes
label/placeholder/title/aria-label/emptyText/loadingLabel/alt. Adds `import { t } from '…/i18n'`
when the file has none. Idempotent: a wrapped text is no longer a literal, so a second run
changes nothing.

What it does not wrap, it reports (exit status 1 when there is any), to be done by hand:
  - a text standing next to a `{…}` expression (a sentence broken by expressions becomes ONE
    text with named placeholders, `t('{n} rows read', { n })`, not fragments);
  - a file where `t` already names something else (a local `const t = …`, `(t) => …`);
  - a text without an entry in renderer/src/i18n.ts `ID` (add its Indonesian first).

    python3 scripts/i18n-codemod.py renderer/src/generic/GenericList.tsx renderer/src/ui/DataTable.tsx
    python3 scripts/i18n-codemod.py --dry-run renderer/src/…   # only report
Run from the repository's folder (it calls `npx oxlint`).
"""
import html
import json
import os
import re
import subprocess
import sys

ATTRS = ('label', 'placeholder', 'title', 'aria-label', 'emptyText', 'loadingLabel', 'alt', 'text', 'confirmLabel')
# the same attribute forms engine/scripts/renderer-dictionary.ts refuses
ATTR = re.compile(
    r'(?<![\w.$-])(' + '|'.join(re.escape(a) for a in ATTRS) + r')='
    r'(?:"([^"\\\n]*)"|\'([^\'\\\n]*)\'|\{\s*\'((?:[^\'\\\n]|\\.)*)\'\s*\}|\{\s*"((?:[^"\\\n]|\\.)*)"\s*\})'
)
CONFIG = '.oxlintrc.json'


def allowed_strings():
    """The symbols the lint lets stand (the override of .oxlintrc.json that names the rule)."""
    text = open(CONFIG, encoding='utf-8').read()
    text = re.sub(r'^\s*//.*$', '', text, flags=re.M)
    cfg = json.loads(text)
    for o in cfg.get('overrides', []):
        rule = o.get('rules', {}).get('react/jsx-no-literals')
        if isinstance(rule, list) and len(rule) > 1:
            return set(rule[1].get('allowedStrings', []))
    return set()


def jsx_spans(path, allowed):
    """Byte spans of the literal JSX texts of one file, by oxlint (its own config, the rule only)."""
    cfg = {
        'plugins': ['react'],
        'rules': {'react/jsx-no-literals': ['error', {'noStrings': True, 'ignoreProps': False, 'noAttributeStrings': False, 'allowedStrings': sorted(allowed)}]},
    }
    tmp = '/tmp/i18n-codemod-oxlint.json'
    with open(tmp, 'w', encoding='utf-8') as f:
        json.dump(cfg, f)
    out = subprocess.run(['npx', 'oxlint', '-c', tmp, '-A', 'all', '-D', 'react/jsx-no-literals', '-f', 'json', path], capture_output=True, text=True)
    data = json.loads(out.stdout)
    spans = []
    for d in data['diagnostics']:
        for lab in d['labels']:
            spans.append((lab['span']['offset'], lab['span']['offset'] + lab['span']['length']))
    return sorted(set(spans))


def quote(text):
    return "'" + text.replace('\\', '\\\\').replace("'", "\\'") + "'"


def jsx_text(raw):
    """What React draws of a JSX text: lines trimmed, the non-empty ones joined by a space, entities decoded."""
    lines = raw.split('\n')
    parts = []
    for i, line in enumerate(lines):
        s = line
        if i > 0:
            s = s.lstrip()
        if i < len(lines) - 1:
            s = s.rstrip()
        if s:
            parts.append(s)
    return html.unescape(' '.join(parts)).strip()


def dictionary_keys():
    src = open('renderer/src/i18n.ts', encoding='utf-8').read()
    body = src[src.index('export const ID'):]
    body = body[: body.index('\n};')]
    keys = set()
    for m in re.finditer(r"^\s*(?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"|([A-Za-z_$][\w$]*))\s*:", body, re.M):
        k = m.group(1) if m.group(1) is not None else (m.group(2) if m.group(2) is not None else m.group(3))
        keys.add(re.sub(r'\\(.)', r'\1', k))
    return keys


def import_path(path):
    rel = os.path.relpath('renderer/src/i18n', os.path.dirname(path))
    return rel if rel.startswith('.') else './' + rel


def add_import(src, path):
    m = re.search(r"import\s*\{([^}]*)\}\s*from\s*'([./]+(?:[\w/]*/)?i18n)';", src)
    if m:
        names = [n.strip() for n in m.group(1).split(',') if n.strip()]
        if 't' in names:
            return src
        names.append('t')
        return src[: m.start()] + "import { " + ', '.join(names) + " } from '" + m.group(2) + "';" + src[m.end():]
    line = "import { t } from '" + import_path(path) + "';\n"
    imports = list(re.finditer(r"^import[^;]*;\n", src, re.M))
    at = imports[-1].end() if imports else 0
    return src[:at] + line + src[at:]


INLINE = r'(?:strong|b|em|i|code|a|span|kbd|mark|small|abbr)'


def sentence_element(prev, nxt, lead, trail, allowed):
    """An inline element inside the sentence on the same line (`Signed in as <strong>{u}</strong> with …`),
    not one holding a symbol alone (`Username <span>*</span>`); a control before its label's text
    (`<input type="radio" /> All`) is not one."""
    if '\n' not in trail and re.match(r'<' + INLINE + r'[\s>]', nxt):
        m = re.match(r'<([\w.]+)[^>]*>\s*([^<{]*?)\s*</\1>', nxt)
        if not (m and m.group(2) in allowed):
            return True
    if '\n' not in lead and re.search(r'</' + INLINE + r'>$', prev):
        m = re.search(r'<([\w.]+)[^>]*>\s*([^<{]*?)\s*</\1>$', prev)
        if not (m and m.group(2) in allowed):
            return True
    return False


def shadows_t(src):
    return re.search(r'(?:\b(?:const|let|var)\s+t\s*=|\(\s*t\s*[,)]|\bt\s*=>)', src) is not None


def convert(path, allowed, keys, dry):
    problems = []
    data = open(path, 'rb').read()
    edits = []  # (start, end, replacement) in bytes
    for a, b in jsx_spans(path, allowed):
        raw = data[a:b].decode('utf-8')
        text = jsx_text(raw)
        if not text or text in allowed:
            continue
        before = data[:a].decode('utf-8')
        after = data[b:].decode('utf-8')
        lead = raw[: len(raw) - len(raw.lstrip())]
        trail = raw[len(raw.rstrip()):]
        # next to an expression on the same line: a fragment of a sentence
        prev = before.rstrip(' \t')
        nxt = after.lstrip(' \t')
        if ('\n' not in lead and prev.endswith('}')) or ('\n' not in trail and nxt.startswith('{')) or sentence_element(prev, nxt, lead, trail, allowed):
            line = before.count('\n') + 1
            problems.append(f'{path}:{line}: a fragment next to an expression, by hand: {text!r}')
            continue
        if text not in keys:
            problems.append(f'{path}: no Indonesian in ID for {text!r}')
        edits.append((a, b, (lead + '{t(' + quote(text) + ')}' + trail).encode('utf-8')))
    for a, b, rep in sorted(edits, reverse=True):
        data = data[:a] + rep + data[b:]
    src = data.decode('utf-8')

    def attr(m):
        value = next(g for g in m.groups()[1:] if g is not None)
        text = re.sub(r'\\(.)', r'\1', value) if m.group(4) is not None or m.group(5) is not None else html.unescape(value)
        if text in allowed or not text.strip():
            return m.group(0)
        if text not in keys:
            problems.append(f'{path}: no Indonesian in ID for {text!r}')
        return m.group(1) + '={t(' + quote(text) + ')}'

    changed_attrs = ATTR.sub(attr, src)
    changed = changed_attrs != open(path, encoding='utf-8').read()
    if changed:
        if shadows_t(changed_attrs) and not re.search(r"import\s*\{[^}]*\bt\b[^}]*\}\s*from\s*'[^']*i18n'", changed_attrs):
            problems.append(f'{path}: `t` already names something else in this file: rename it, then run again')
            return problems
        changed_attrs = add_import(changed_attrs, path)
        if not dry:
            open(path, 'w', encoding='utf-8').write(changed_attrs)
    return problems


def main(argv):
    dry = '--dry-run' in argv
    files = [a for a in argv if not a.startswith('--')]
    if not files:
        print(__doc__)
        return 2
    allowed = allowed_strings()
    keys = dictionary_keys()
    problems = []
    for f in files:
        problems += convert(f, allowed, keys, dry)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
