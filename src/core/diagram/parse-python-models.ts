import type { Cardinality, DiagramAttribute } from './diagram-graph.js';
import type { ErdEntity } from './erd-entity.js';

interface PyClass {
  name: string;
  bases: string[];
  /** Lines of the class body at its first indent (nested classes such as Meta are skipped). */
  lines: string[];
  abstract: boolean;
}

const DJANGO_RELATION: Record<string, Cardinality> = {
  ForeignKey: 'many-to-one',
  OneToOneField: 'one-to-one',
  ManyToManyField: 'many-to-many',
};

/**
 * Django models (`class X(models.Model)` or a subclass of one in the same
 * file; abstract ones are not tables) and SQLAlchemy declarative classes
 * (a class body with `__tablename__`). Fields are read by their line shape
 * (`name = models.CharField(…)`, `name = Column(…)`, `name: Mapped[…] =
 * mapped_column(…)`); a field split over lines keeps what its first line says.
 */
export function parsePythonModels(path: string, text: string): ErdEntity[] {
  const classes = readClasses(text);
  const django = new Set<string>();
  const entities: ErdEntity[] = [];
  for (const cls of classes) {
    if (cls.bases.some((b) => b === 'models.Model' || b === 'Model' || django.has(b))) {
      django.add(cls.name);
      if (!cls.abstract) entities.push(djangoEntity(path, cls));
    } else {
      const table = cls.lines.map((l) => /^__tablename__\s*=\s*['"]([^'"]+)['"]/.exec(l)?.[1]).find(Boolean);
      if (table) entities.push(sqlalchemyEntity(path, cls, table));
    }
  }
  return entities;
}

function readClasses(text: string): PyClass[] {
  const lines = text.split('\n');
  const classes: PyClass[] = [];
  lines.forEach((line, i) => {
    const head = /^(\s*)class\s+(\w+)\s*\(([^)]*)\)\s*:/.exec(line);
    if (!head) return;
    const indent = head[1]!.length;
    const body: string[] = [];
    let abstract = false;
    let bodyIndent: number | undefined;
    for (const next of lines.slice(i + 1)) {
      if (next.trim() === '' || next.trim().startsWith('#')) continue;
      const own = next.length - next.trimStart().length;
      if (own <= indent) break;
      bodyIndent ??= own;
      if (own === bodyIndent) body.push(next.trim());
      // `abstract = True` sits in the nested `class Meta`, one level deeper.
      else if (/^abstract\s*=\s*True\b/.test(next.trim())) abstract = true;
    }
    classes.push({
      name: head[2]!,
      bases: head[3]!
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean),
      lines: body,
      abstract,
    });
  });
  return classes;
}

function djangoEntity(path: string, cls: PyClass): ErdEntity {
  const attributes: DiagramAttribute[] = [];
  const relations: ErdEntity['relations'] = [];
  for (const line of cls.lines) {
    const field = /^(\w+)\s*=\s*(?:models\.)?(\w+Field|ForeignKey)\((.*)/.exec(line);
    if (!field) continue;
    const [, name, type, args] = field as unknown as [string, string, string, string];
    const relation = DJANGO_RELATION[type];
    if (relation) {
      const target = /^\s*(?:to\s*=\s*)?['"]?([\w.]+)['"]?/.exec(args)?.[1] ?? '';
      relations.push({ target: target === 'self' ? cls.name : target.split('.').pop()!, label: name, cardinality: relation });
      if (relation !== 'many-to-many') attributes.push({ name, type, key: 'FK' });
      continue;
    }
    const key = /primary_key\s*=\s*True/.test(args) ? 'PK' : /unique\s*=\s*True/.test(args) ? 'UK' : undefined;
    attributes.push({ name, type, ...(key ? { key } : {}) });
  }
  // Django adds an `id` primary key unless a field is declared as one.
  if (!attributes.some((a) => a.key === 'PK')) attributes.unshift({ name: 'id', type: 'AutoField', key: 'PK' });
  return { name: cls.name, aliases: [], path, attributes, relations };
}

function sqlalchemyEntity(path: string, cls: PyClass, table: string): ErdEntity {
  const attributes: DiagramAttribute[] = [];
  const relations: ErdEntity['relations'] = [];
  for (const line of cls.lines) {
    const column = /^(\w+)\s*(?::\s*Mapped\[\s*(?:Optional\[)?\s*([\w.]+)[^=]*)?=\s*(?:\w+\.)?(Column|mapped_column)\((.*)/.exec(line);
    if (column) {
      const [, name, annotated, , args] = column as unknown as [string, string, string | undefined, string, string];
      const declared = /^\s*(?:\w+\.)?([A-Z]\w*)/.exec(args)?.[1];
      const fk = /ForeignKey\(\s*['"]([\w.]+)['"]/.exec(args);
      const key = /primary_key\s*=\s*True/.test(args) ? 'PK' : fk ? 'FK' : /unique\s*=\s*True/.test(args) ? 'UK' : undefined;
      attributes.push({
        name,
        type: declared && declared !== 'ForeignKey' ? declared : (annotated ?? 'ForeignKey'),
        ...(key ? { key } : {}),
      });
      if (fk)
        relations.push({
          target: fk[1]!.split('.').slice(-2, -1)[0] ?? fk[1]!,
          label: name,
          cardinality: /unique\s*=\s*True/.test(args) ? 'one-to-one' : 'many-to-one',
        });
      continue;
    }
    // Foreign keys already carry one-to-many links; only an association table adds one (many-to-many).
    const secondary = /^(\w+)\b.*=\s*relationship\(\s*['"]?(\w+)['"]?.*\bsecondary\s*=/.exec(line);
    if (secondary) relations.push({ target: secondary[2]!, label: secondary[1]!, cardinality: 'many-to-many' });
  }
  return { name: cls.name, aliases: [table], path, attributes, relations };
}
