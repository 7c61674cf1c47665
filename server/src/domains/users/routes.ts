import {
  adminUserUpdate,
  errorBody,
  idParams,
  normalizeEmail,
  profileUpdate,
  TRASH_MESSAGES,
  user,
  USER_MESSAGES,
  userListQuery,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/pg-errors';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { listRoute } from '../../lib/list-route';
import { assertVersion, CONDITIONAL_PUT, type Precondition, preconditionOf, withEtag } from '../../lib/preconditions';
import { toUser } from '../../lib/serialize';
import { requireStepUp, signedIn, type UserRow } from '../../plugins/auth';
import {
  adminsBeyond,
  anotherAdminExists,
  emailTakenByOther,
  endAccess,
  findUserForUpdate,
  listUsers,
  updateUser,
  USER_CSV_COLUMNS,
  USER_TRASH_FIND,
  USER_TRASH_LABEL,
  userSearch,
} from './repository';

type UserChanges = Partial<Pick<typeof users.$inferInsert, keyof typeof EDITABLE>>;
/** The columns PUT /api/users/{id} may change, and which of them only an admin may. */
const EDITABLE = {
  name: 'profile',
  job: 'profile',
  age: 'profile',
  picture: 'profile',
  gender: 'profile',
  phoneNo: 'profile',
  address: 'profile',
  email: 'admin',
  certificateNo: 'admin',
  isAdmin: 'admin',
} as const;

/**
 * The same answer the error handler gives for a body the route schema refused (ARCHITECTURE §4),
 * thrown to it so that its messages are in the reader's language (issue 34).
 */
function invalidBody(error: z.ZodError) {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = issues[0]!;
  return new HttpError(400, first.path ? `${first.path}: ${first.message}` : first.message, {}, { issues });
}

/** What changed, as `{ before, after }` for the audit row (never a secret: none is editable). */
function diff(before: UserRow, after: UserRow) {
  const changed = (Object.keys(EDITABLE) as (keyof typeof EDITABLE)[]).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return {
    before: Object.fromEntries(changed.map((k) => [k, before[k]])),
    after: Object.fromEntries(changed.map((k) => [k, after[k]])),
  };
}

export default async function userRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  // Issue 16 (decision 0017): a deleted account waits in the trash; its reports keep their filer.
  app.trash.define<UserRow>('user', {
    table: users,
    notFound: USER_MESSAGES.notFound,
    label: USER_TRASH_LABEL,
    find: USER_TRASH_FIND,
    search: (q) => userSearch({ q }).where,
    files: (row) => [row.picture],
    snapshot: (row) => ({ email: row.email, name: row.name, isAdmin: row.isAdmin }),
    async guard(tx, req, ids) {
      if (ids.includes(signedIn(req).user.id)) throw badRequest(USER_MESSAGES.deleteSelf);
      // The admin rows are locked before the targets', in one order (see adminsBeyond).
      const { othersRemain, anyLeaving } = await adminsBeyond(tx, ids);
      if (anyLeaving && !othersRemain) throw conflict(USER_MESSAGES.lastAdminDelete);
    },
    // A deleted user can't sign in (every read of accounts takes live rows) and is signed out now.
    trashed: (tx, row) => endAccess(tx, row.id),
    async conflict(tx, row) {
      return (await emailTakenByOther(tx, row.email, row.id)) ? TRASH_MESSAGES.emailTaken : undefined;
    },
  });

  listRoute(app, {
    url: '/api/users',
    tags,
    querystring: userListQuery,
    item: user,
    read: listUsers,
    toItems: (rows) => rows.map(toUser),
    export: {
      name: 'users',
      action: 'user.export',
      query: (query) => ({ table: users, columns: USER_CSV_COLUMNS, ...userSearch(query) }),
    },
  });

  /**
   * A member updates their own profile (contract profileUpdate: the e-mail and password sent are
   * ignored, ARCHITECTURE §5); an admin edits anyone with adminUserUpdate. An admin's own profile
   * screen sends no certificateNo, so that body is read as a profile update too.
   */
  app.put(
    '/api/users/:id',
    {
      schema: {
        tags,
        description: `Body: adminUserUpdate for an admin, profileUpdate for a member (own id only). ${CONDITIONAL_PUT.description}`,
        params: idParams,
        // A JSON object; which schema applies depends on the caller, so the handler parses it.
        body: z.looseObject({}),
        response: { 200: user, 400: errorBody, ...CONDITIONAL_PUT.conflict },
      },
    },
    async (req, reply) => {
      const me = signedIn(req).user;
      const targetId = req.params.id;
      if (!me.isAdmin && targetId !== me.id) throw forbidden(USER_MESSAGES.notYourProfile);
      const body: unknown = req.body ?? {};
      const asAdmin =
        me.isAdmin && (targetId !== me.id || (typeof body === 'object' && body !== null && 'certificateNo' in body));

      let changes: UserChanges;
      // Issue 16: the version the form was opened at is a precondition, never a change.
      let precondition: Precondition | undefined;
      if (asAdmin) {
        const parsed = adminUserUpdate.safeParse(body);
        if (!parsed.success) throw invalidBody(parsed.error);
        const { password: _ignored, email, version, ...rest } = parsed.data;
        precondition = preconditionOf(req, version);
        changes = { ...rest, email: normalizeEmail(email) };
        if (rest.isAdmin === undefined) delete changes.isAdmin;
        if (rest.picture === undefined) delete changes.picture;
      } else {
        const parsed = profileUpdate.safeParse(body);
        if (!parsed.success) throw invalidBody(parsed.error);
        const { password: _password, email: _email, version, ...rest } = parsed.data;
        precondition = preconditionOf(req, version);
        changes = rest;
      }

      const { before, after } = await app.db
        .transaction(async (tx) => {
          const demoting = changes.isAdmin === false;
          // Admin rows are locked before the target's, in one order, so that concurrent
          // demotions wait for each other instead of deadlocking.
          const othersRemain = demoting ? await anotherAdminExists(tx, targetId) : true;
          const current = await findUserForUpdate(tx, targetId);
          if (!current) throw notFound(USER_MESSAGES.notFound);
          // A member's own edit and an admin's edit of the same user cannot undo each other.
          assertVersion(precondition, current, toUser);
          if (demoting && current.isAdmin && !othersRemain) throw conflict(USER_MESSAGES.lastAdminDemote);
          // Issue 19: granting or taking admin rights needs a fresh second factor.
          if (changes.isAdmin !== undefined && changes.isAdmin !== current.isAdmin) requireStepUp(req);
          if (changes.email !== undefined && changes.email !== current.email) {
            if (await emailTakenByOther(tx, changes.email, current.id)) throw conflict(USER_MESSAGES.emailTaken);
          }
          if (changes.picture !== undefined && changes.picture !== current.picture) {
            // A member may only show an image they uploaded themselves.
            await app.files.attach(tx, [changes.picture], {
              ownerId: asAdmin ? undefined : current.id,
              kinds: ['image'],
            });
          }
          const updated = await updateUser(tx, current.id, changes);
          // Issue 11: the certificates are the person's, so they follow the new address.
          if (updated.email !== current.email) await app.registry.followEmail(tx, current.id, updated.email);
          const demoted = current.isAdmin && !updated.isAdmin;
          // A demoted admin's open sessions carry admin rights: end them.
          if (demoted) await app.sessions.endAllFor(tx, current.id);
          await app.audit(tx, req, {
            action: 'user.update',
            targetType: 'user',
            targetId: current.id,
            details: { ...diff(current, updated), ...(demoted ? { sessionsEnded: true } : {}) },
          });
          return { before: current, after: updated };
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? conflict(USER_MESSAGES.emailTaken) : err;
        });
      // After the commit: a rolled-back change never loses its picture.
      if (before.picture !== after.picture) await app.files.release([before.picture]);
      return withEtag(reply, toUser(after));
    },
  );

  app.delete(
    '/api/users/:id',
    { schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      // To the trash (the rules above: not oneself, never the last admin); the picture is kept.
      await app.db.transaction((tx) => app.trash.move(tx, req, 'user', { ids: [req.params.id] }));
      return reply.status(204).send(null);
    },
  );
}
