// The media: product image files (store, resize, URLs).
// Its one public entry (docs/architecture.md rule 9): what other modules, app.ts and the infrastructure may import.
// Its doors (*.rest.ts, *.trpc.ts, *.operations.ts) are mounted by the composition root, not exported here.
export {
  deleteImageFiles,
  duplicateImage,
  encodeImage,
  IMAGE_ENCODING,
  IMAGE_NAME,
  imageKeys,
  imageUrl,
  loadSharp,
  normaliseImagePath,
  runImageWork,
  smallImageUrl,
  storeImage,
  writeImageFiles,
} from './media.service';
