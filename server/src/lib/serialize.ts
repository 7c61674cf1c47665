import type { Certificate, User } from '@portal/contract';
import type { certificates, users } from '../db/schema';

/**
 * The one place where rows become API shapes: `id` → `_id`, dates → ISO strings, secrets
 * (password hash, lock counters) left out.
 */
export function toUser(row: typeof users.$inferSelect): User {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    job: row.job,
    age: row.age,
    picture: row.picture,
    gender: row.gender,
    phoneNo: row.phoneNo,
    address: row.address,
    certificateNo: row.certificateNo,
    isAdmin: row.isAdmin,
    isVerified: row.isVerified,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Expired is derived at read time (ARCHITECTURE §6), never stored. */
export function toCertificate(row: typeof certificates.$inferSelect, now: Date): Certificate {
  return {
    _id: row.id,
    userEmail: row.userEmail,
    certificateNo: row.certificateNo,
    name: row.name,
    status: row.validTill <= now ? 'Expired' : row.status,
    validTill: row.validTill.toISOString(),
    downloadLink: row.downloadLink,
    createdAt: row.createdAt.toISOString(),
  };
}
