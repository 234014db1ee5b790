const acorn = require('acorn');
const src = require('fs').readFileSync(process.argv[2], 'utf8');
const out = [];
const walk = (n) => {
  if (!n || typeof n.type !== 'string') return;
  if (n.type === 'Literal' && typeof n.value === 'string' && / /.test(n.value) && n.value.length > 12) out.push(n.value);
  if (n.type === 'TemplateLiteral') { const t = n.quasis.map((q) => q.value.cooked).join('${}'); if (/ [a-z]+ /.test(t)) out.push('`' + t); }
  for (const k of Object.keys(n)) { const v = n[k]; if (Array.isArray(v)) v.forEach(walk); else if (v && typeof v === 'object') walk(v); }
};
walk(acorn.parse(src, { ecmaVersion: 'latest' }));
console.log(out.length, out.join('').length); console.log(out.join('\n'));
