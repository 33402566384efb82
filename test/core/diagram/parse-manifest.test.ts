import { describe, expect, it } from 'vitest';
import { parseManifest } from '../../../src/core/diagram/parse-manifest.js';

const names = (path: string, text: string) => parseManifest(path, text)?.dependencies.map((d) => `${d.name}${d.dev ? ' (dev)' : ''}`);

describe('parseManifest', () => {
  it('reads package.json runtime, peer and dev dependencies', () => {
    const text = JSON.stringify({
      name: 'app',
      dependencies: { zod: '1' },
      peerDependencies: { react: '18' },
      devDependencies: { vitest: '1', zod: '1' },
    });
    expect(parseManifest('package.json', text)).toEqual({
      ecosystem: 'npm',
      name: 'app',
      dependencies: [
        { name: 'zod', dev: false },
        { name: 'react', dev: false },
        { name: 'vitest', dev: true },
      ],
    });
    expect(parseManifest('package.json', '{ not json')).toBeUndefined();
  });

  it('reads requirements.txt, skipping options, includes and comments', () => {
    expect(
      names(
        'requirements.txt',
        '# web\nDjango>=4.2\nrequests[socks]==2.31 ; python_version > "3.8"\n-r dev.txt\n--index-url https://x\ngit+https://github.com/a/b\n',
      ),
    ).toEqual(['Django', 'requests']);
  });

  it('reads pyproject.toml [project] dependencies and optional groups as dev', () => {
    const text =
      '[project]\nname = "svc"\ndependencies = [\n  "fastapi>=0.100",\n  \'sqlalchemy\',\n]\n\n[project.optional-dependencies]\ntest = ["pytest"]\n';
    expect(parseManifest('pyproject.toml', text)).toMatchObject({ name: 'svc' });
    expect(names('pyproject.toml', text)).toEqual(['fastapi', 'sqlalchemy', 'pytest (dev)']);
    expect(
      names(
        'pyproject.toml',
        '[tool.poetry.dependencies]\npython = "^3.11"\nflask = "^3"\n[tool.poetry.group.dev.dependencies]\nblack = "*"\n',
      ),
    ).toEqual(['flask', 'black (dev)']);
  });

  it('reads Cargo.toml dependency tables', () => {
    expect(
      names(
        'Cargo.toml',
        '[package]\nname = "cli"\n\n[dependencies]\nserde = { version = "1" }\nanyhow = "1"\n\n[dependencies.tokio]\nversion = "1"\n\n[dev-dependencies]\ninsta = "1"\n',
      ),
    ).toEqual(['serde', 'anyhow', 'tokio', 'insta (dev)']);
  });

  it('reads go.mod requires without the indirect ones', () => {
    const text =
      'module example.com/app\n\ngo 1.22\n\nrequire github.com/spf13/cobra v1.8.0\n\nrequire (\n\tgolang.org/x/sync v0.6.0\n\tgithub.com/inconshreveable/mousetrap v1.1.0 // indirect\n)\n';
    expect(parseManifest('go.mod', text)).toMatchObject({ name: 'example.com/app' });
    expect(names('go.mod', text)).toEqual(['golang.org/x/sync', 'github.com/spf13/cobra']);
  });

  it('reads Gemfile gems, development and test groups as dev', () => {
    expect(
      names(
        'Gemfile',
        "source 'https://rubygems.org'\ngem 'rails', '~> 7.1'\ngroup :development, :test do\n  gem \"rspec\"\nend\ngem 'pg'\n",
      ),
    ).toEqual(['rails', 'rspec (dev)', 'pg']);
  });

  it('reads pom.xml dependencies, not the parent or plugins', () => {
    const pom =
      '<project><parent><artifactId>spring-boot-starter-parent</artifactId></parent><artifactId>shop</artifactId>' +
      '<dependencies><dependency><groupId>org.x</groupId><artifactId>guava</artifactId></dependency>' +
      '<dependency><artifactId>junit</artifactId><scope>test</scope></dependency></dependencies>' +
      '<build><plugins><plugin><artifactId>maven-compiler-plugin</artifactId></plugin></plugins></build></project>';
    expect(parseManifest('pom.xml', pom)).toMatchObject({ name: 'shop' });
    expect(names('pom.xml', pom)).toEqual(['guava', 'junit (dev)']);
  });

  it('reads nothing from other files', () => {
    expect(parseManifest('src/package.ts', '{}')).toBeUndefined();
  });
});
