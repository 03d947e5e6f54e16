import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage, type Storage } from './storage';

/** What chooses and reaches the storage (the app's settings; backup and restore pass theirs). */
export type StorageSettings = Pick<Config, 'dataDir'> &
  Partial<Pick<Config, 'STORAGE' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>>;

/**
 * The storage the settings choose: `DATA_DIR/files` on disk (the default), or an S3 bucket
 * (STORAGE=s3, decision 045). The S3 SDK loads only then, so a disk office never pays for it.
 */
export async function openStorage(config: StorageSettings): Promise<Storage> {
  if (config.STORAGE !== 's3') return createLocalStorage(path.join(config.dataDir, 'files'));
  const { createS3Storage } = await import('./storage-s3');
  return createS3Storage({
    bucket: config.S3_BUCKET!,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION ?? 'us-east-1',
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? false,
  });
}
