/** A small TypeScript service: folders that import each other, a test and docs the diagram should leave out. */
export const SERVICE_FILES: Record<string, string> = {
  'src/main.ts':
    "import { routes } from './api/routes.js';\nimport { log } from './util/log.js';\nexport function main() {\n  log('start');\n  return routes();\n}\n",
  'src/api/routes.ts': "import { listUsers } from './handlers.js';\nexport function routes() {\n  return [listUsers];\n}\n",
  'src/api/handlers.ts':
    "import { query } from '../db/client.js';\nimport { log } from '../util/log.js';\nexport function listUsers() {\n  log('users');\n  return query('select * from users');\n}\n",
  'src/db/client.ts': "import { log } from '../util/log.js';\nexport function query(sql: string) {\n  log(sql);\n  return [];\n}\n",
  'src/util/log.ts': 'export function log(message: string) {\n  return message;\n}\n',
  'test/main.test.ts': "import { main } from '../src/main.js';\nmain();\n",
  'README.md': '# Service\n',
  'package.json': JSON.stringify(
    { name: 'service', dependencies: { express: '^4.0.0', zod: '^3.0.0' }, devDependencies: { vitest: '^1.0.0' } },
    null,
    2,
  ),
};

/** The service with a web layer that imports a declared package, and a Python tool with its own requirements. */
export const DEPENDENCY_FILES: Record<string, string> = {
  ...SERVICE_FILES,
  'src/web/app.ts':
    "import express from 'express';\nimport { routes } from '../api/routes.js';\nexport const app = express().use(routes());\n",
  'tools/report.py': 'import requests\n\ndef fetch_report(url):\n    return requests.get(url)\n',
  'tools/requirements.txt': 'requests>=2\nPyYAML\n',
};

export const SCHEMA_SQL = `-- the shop
CREATE TABLE IF NOT EXISTS "public"."users" (
  id SERIAL PRIMARY KEY,
  email VARCHAR(255) NOT NULL UNIQUE,
  created_at TIMESTAMP DEFAULT now()
);

CREATE TABLE orders (
  id BIGINT,
  user_id INT NOT NULL REFERENCES users(id),
  total DECIMAL(10, 2),
  PRIMARY KEY (id)
);

CREATE TABLE order_lines (
  order_id BIGINT,
  sku TEXT,
  CONSTRAINT pk_lines PRIMARY KEY (order_id, sku),
  CONSTRAINT fk_order FOREIGN KEY (order_id) REFERENCES orders (id)
);

CREATE TABLE profiles (user_id INT UNIQUE REFERENCES users(id), bio TEXT);
/* CREATE TABLE ghosts (id int); */
`;

export const DJANGO_MODELS = `from django.db import models


class Timestamped(models.Model):
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True


class Author(Timestamped):
    name = models.CharField(max_length=100, unique=True)


class Book(Timestamped):
    isbn = models.CharField(max_length=13, primary_key=True)
    author = models.ForeignKey(Author, on_delete=models.CASCADE)
    editor = models.ForeignKey('library.Author', related_name='edited', on_delete=models.SET_NULL)
    tags = models.ManyToManyField('Tag')

    def __str__(self):
        return self.isbn


class Tag(models.Model):
    label = models.SlugField()
`;

export const SQLALCHEMY_MODELS = `from sqlalchemy import Column, ForeignKey, Integer, String, Table
from sqlalchemy.orm import Mapped, mapped_column, relationship


class User(Base):
    __tablename__ = "users"
    id = Column(Integer, primary_key=True)
    name = Column(String(50), unique=True)
    groups = relationship("Group", secondary=membership)


class Address(Base):
    __tablename__ = "addresses"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    user = relationship("User", back_populates="addresses")


class Group(Base):
    __tablename__ = "groups"
    id = Column(Integer, primary_key=True)
`;

export const TYPEORM_ENTITIES = `import { Column, Entity, JoinColumn, ManyToOne, OneToMany, OneToOne, PrimaryGeneratedColumn } from 'typeorm';

@Entity('posts')
export class Post {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 200, unique: true })
  slug!: string;

  @ManyToOne(() => Writer, (writer) => writer.posts, { onDelete: 'CASCADE' })
  writer!: Writer;
}

@Entity()
export class Writer {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @OneToMany(() => Post, (post) => post.writer)
  posts: Post[];

  @OneToOne(() => Photo)
  @JoinColumn()
  photo?: Photo | null;
}

@Entity()
export class Photo {
  @PrimaryGeneratedColumn()
  id: number;
}
`;

export const PRISMA_SCHEMA = `datasource db {
  provider = "postgresql"
  url      = env("DATABASE_URL")
}

model User {
  id      Int      @id @default(autoincrement())
  email   String   @unique
  posts   Post[]
  profile Profile?
  tags    Tag[]
}

model Post {
  id       Int  @id
  author   User @relation(fields: [authorId], references: [id])
  authorId Int
  tags     Tag[]
}

model Profile {
  userId Int  @unique
  user   User @relation(fields: [userId], references: [id])
  @@id([userId])
}

model Tag {
  name  String @id
  posts Post[]
  users User[]
}
`;
