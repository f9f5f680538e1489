// Read and write YAML the way `kubectl get ... -o yaml` does: keys sorted,
// sequences not indented under their key, strings that YAML 1.1 would read as
// another type double-quoted, other strings that need quoting single-quoted.
import YAML from 'yaml';

// Plain scalars YAML 1.1 (go-yaml v2, which kubectl uses) resolves to null, bool,
// int, float or timestamp.
const AMBIGUOUS = [
  /^(~|null|Null|NULL)$/,
  /^(y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/,
  /^[-+]?(0b[01_]+|0[0-7_]+|(0|[1-9][0-9_]*)|0x[0-9a-fA-F_]+|[1-9][0-9_]*(:[0-5]?[0-9])+)$/,
  /^[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?$/,
  /^[-+]?\.(inf|Inf|INF)$|^\.(nan|NaN|NAN)$/,
  /^\d{4}-\d\d?-\d\d?([Tt ]|$)/,
];

function isAmbiguous(str) {
  return str === '' || AMBIGUOUS.some(r => r.test(str));
}

/** Serialise one value (an object or a List) as kubectl would. */
export function toKubeYaml(value) {
  // Quoting is decided below (YAML 1.1 rules), so the document itself uses 1.2.
  const doc = new YAML.Document(value, {
    sortMapEntries: true,
    aliasDuplicateObjects: false,
  });
  YAML.visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value !== 'string' || node.value.includes('\n')) return;
      if (isAmbiguous(node.value)) node.type = 'QUOTE_DOUBLE';
      else if (node.value === '.') node.type = 'PLAIN';
    },
  });
  return doc.toString({
    indentSeq: false,
    lineWidth: 80,
    minContentWidth: 20,
    singleQuote: true,
  });
}

/**
 * Parse a dump file. Returns the documents (plain JS values) and the file's
 * shape: 'list' (one kind: List document), 'object' (one object) or 'multi'
 * (several documents separated by ---).
 */
export function parseDump(text) {
  const docs = YAML.parseAllDocuments(text);
  const values = [];
  for (const doc of docs) {
    if (doc.errors.length)
      throw new Error(doc.errors.map(e => e.message).join('; '));
    const v = doc.toJS();
    if (v !== null && v !== undefined) values.push(v);
  }
  let shape = 'multi';
  if (values.length === 1) shape = isList(values[0]) ? 'list' : 'object';
  return { shape, docs: values };
}

export function isList(v) {
  return (
    v &&
    typeof v === 'object' &&
    Array.isArray(v.items) &&
    typeof v.kind === 'string' &&
    v.kind.endsWith('List')
  );
}

/** Every Kubernetes object in the parsed documents (List items flattened). */
export function objectsOf(docs) {
  return docs.flatMap(d => (isList(d) ? d.items : [d]));
}

/** Serialise documents back in the same shape they were read. */
export function formatDump(shape, docs) {
  if (shape === 'multi') return docs.map(d => toKubeYaml(d)).join('---\n');
  return toKubeYaml(docs[0]);
}
