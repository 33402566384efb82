import { z } from 'zod';

/*
 * The fields of each webhook payload the App reads (src/app/create-app.ts,
 * to-mention-event.ts), and nothing more: objects are loose, so the hundreds
 * of other fields GitHub sends pass untouched. Requiredness and nullability
 * follow GitHub's webhook descriptions (@octokit/openapi, `x-webhooks`);
 * where a handler already tolerates an absent field (push's `owner`,
 * `default_branch`) the schema does too, and the handler decides.
 */

/** Optional everywhere: the recorded examples have none, and the handlers return early without one (nothing could be posted). */
const installation = z.looseObject({ id: z.int() }).optional();
const login = z.looseObject({ login: z.string() });
/** `user` is documented as nullable on comments (a deleted account); the mention handler reads it as the ghost user. */
const commentUser = z.looseObject({ login: z.string(), type: z.string().optional() }).nullable();

const mentionRepository = z.looseObject({
  name: z.string(),
  owner: login,
  default_branch: z.string(),
  html_url: z.string(),
  private: z.boolean(),
});

const mentionComment = z.looseObject({ id: z.int(), body: z.string(), user: commentUser });

export const issueCommentCreatedSchema = z.looseObject({
  action: z.literal('created'),
  installation,
  repository: mentionRepository,
  comment: mentionComment,
  issue: z.looseObject({
    number: z.int(),
    title: z.string(),
    body: z.string().nullable(),
    /** Only its presence is read: it marks the issue as a pull request. */
    pull_request: z.looseObject({}).optional(),
  }),
});

export const pullRequestReviewCommentCreatedSchema = z.looseObject({
  action: z.literal('created'),
  installation,
  repository: mentionRepository,
  comment: mentionComment,
  pull_request: z.looseObject({ number: z.int(), title: z.string(), body: z.string().nullable() }),
});

export const pullRequestSchema = z.looseObject({
  action: z.enum(['opened', 'reopened', 'synchronize', 'ready_for_review']),
  installation,
  repository: z.looseObject({ name: z.string(), owner: login, default_branch: z.string() }),
  pull_request: z.looseObject({
    number: z.int(),
    title: z.string(),
    body: z.string().nullable(),
    /** Documented as optional on some actions; the handler reads a missing one as "not a draft". */
    draft: z.boolean().optional(),
    base: z.looseObject({ sha: z.string() }),
    head: z.looseObject({ sha: z.string() }),
  }),
  sender: login,
});

export const pushSchema = z.looseObject({
  /** A push has none, but Probot's dispatcher names the event `push.<action>` when one is there, and throws on one that is not text (found by npm run fuzz). */
  action: z.string().optional(),
  installation,
  repository: z.looseObject({
    name: z.string(),
    /** Nullable in GitHub's description; the handler skips a push it cannot name an owner for. */
    owner: z.looseObject({ login: z.string() }).nullable().optional(),
    /** Older deliveries carry `master_branch` instead; the handler takes either. */
    default_branch: z.string().optional(),
    master_branch: z.string().optional(),
  }),
  ref: z.string(),
  deleted: z.boolean(),
  after: z.string(),
});

const repositoryName = z.looseObject({ full_name: z.string() });

export const installationCreatedSchema = z.looseObject({
  action: z.literal('created'),
  /** Required here, unlike elsewhere: an installation event is about the installation. */
  installation: z.looseObject({ id: z.int() }),
  repositories: z.array(repositoryName).optional(),
  /** Not part of this event, but the handler picks the list by which key is present, so a stray one is read (found by npm run fuzz). */
  repositories_added: z.array(repositoryName).optional(),
});

export const installationRepositoriesAddedSchema = z.looseObject({
  action: z.literal('added'),
  installation: z.looseObject({ id: z.int() }),
  repositories_added: z.array(repositoryName),
});
