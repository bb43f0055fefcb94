// What a listing shows while its route's loader reads its first page (the listing routes' pendingComponent). Its
// own small module: the listing's code stays out of the first load of other pages (check:bundle).
import { messages } from '#shared/messages';
import { LoadingTitle, SkeletonCards } from '../components/ui/skeleton';

export function ListingPending() {
  return (
    <div className="listing container">
      <div className="listing__head">
        <div>
          <p className="eyebrow">{messages.common.shopName}</p>
          <h1 className="page-title">
            <LoadingTitle />
          </h1>
        </div>
      </div>
      <SkeletonCards count={12} />
    </div>
  );
}
