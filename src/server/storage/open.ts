// Which store holds what (decision 266): product pictures in STORAGE_URL's bucket, else in UPLOADS_DIR; off-site
// backups in BACKUP_STORAGE_URL's bucket when it is set. One store per configuration, made on first use. The S3
// adapter (and the AWS SDK it requires, kept out of the server bundle) is only loaded when a bucket is configured,
// so a shop on its local folder never pays its start-up cost.
import type { AppConfig } from '../config';
import { localStore } from './local-store';
import type { S3Location } from './storage-url';
import type { ObjectStore } from './store';

export type PictureStorageConfig = Pick<AppConfig, 'uploadsDir' | 'storage'>;

const pictureStores = new WeakMap<PictureStorageConfig, Promise<ObjectStore>>();
const s3Stores = new WeakMap<S3Location, Promise<ObjectStore>>();

/** The store of a bucket location (one client per location object). */
export function openS3Store(location: S3Location): Promise<ObjectStore> {
  let store = s3Stores.get(location);
  if (!store) {
    store = import('./s3-store').then(({ s3Store }) => s3Store(location));
    s3Stores.set(location, store);
  }
  return store;
}

/** Where product pictures live: the bucket of STORAGE_URL, else the UPLOADS_DIR folder. */
export function pictureStore(config: PictureStorageConfig): Promise<ObjectStore> {
  if (config.storage) return openS3Store(config.storage);
  let store = pictureStores.get(config);
  if (!store) {
    store = Promise.resolve(localStore(config.uploadsDir));
    pictureStores.set(config, store);
  }
  return store;
}
