import type { FastifyInstance } from 'fastify';
import type { UploadedFile } from '../../shared/api/uploads';
import { ALLOWED_TYPES, MEDIA_TYPES } from './file-type';
import { detectStagedType, type StagedUpload } from './staging';
import { saveUpload, type QuotaRefusal, type UploadLimits, type UploadMeta } from './store';
import { blobStoreFor } from './blob-store';
import { quotaMessage, tooLarge } from './upload-messages';

export type UploadRefusal = { status: 400 | 401 | 403 | 413 | 429 | 507; message: string; field: string; retryAfter?: number };
export type UploadOutcome = { saved: UploadedFile } | { refused: UploadRefusal };

export const refuseUpload = (status: UploadRefusal['status'], message: string, field = 'file'): UploadOutcome => ({
  refused: { status, message, field },
});

/** 429 for one sender's quota (their own uploads expire or get sent), 507 when the site as a whole is full. */
export function quotaRefusal(quota: QuotaRefusal): UploadRefusal {
  if (quota.scope === 'global') return { status: 507, message: quotaMessage(quota), field: 'file' };
  return { status: 429, message: quotaMessage(quota), field: 'file', retryAfter: quota.retryAfter };
}

/** The quotas and lifetime of unclaimed uploads, as configured. */
export function uploadLimits({ config }: FastifyInstance): UploadLimits {
  return {
    perAddressBytes: config.uploadQuotaPerAddressBytes,
    totalBytes: config.uploadQuotaTotalBytes,
    unclaimedMinutes: config.unclaimedUploadMinutes,
  };
}

/**
 * What POST /api/uploads and a finished resumable upload both do with a received file: its kind's size limit, its
 * type by its bytes, then saved as an unclaimed upload within the quotas. The caller discards the staged file.
 */
export async function checkAndSave(
  app: FastifyInstance,
  staged: StagedUpload,
  meta: Omit<UploadMeta, 'mediaType'>,
): Promise<UploadOutcome> {
  const allowed = ALLOWED_TYPES[meta.kind];
  if (staged.tooLarge || staged.size > allowed.maxBytes) return refuseUpload(413, tooLarge(allowed.maxBytes));
  const type = await detectStagedType(staged);
  if (!type || !allowed.types.includes(type)) return refuseUpload(400, allowed.message);
  const mediaType = MEDIA_TYPES[type];
  const saved = await saveUpload(app.db, blobStoreFor(app.config, app.db), staged, { ...meta, mediaType }, uploadLimits(app));
  if (!saved.saved) return { refused: quotaRefusal(saved.refusal) };
  return { saved: { id: saved.id, name: meta.originalName, size: staged.size, type: mediaType } };
}
