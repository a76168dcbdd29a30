import { Skeleton } from '../../../components/ui/skeleton';

/**
 * The conversation list's rows while it loads (./conversation-list.tsx), and in index.html's early skeleton of
 * `/messages` (early/messages-skeleton.tsx). Wordless: the list announces its loading itself.
 */
export function ConversationRowsSkeleton() {
  return (
    <div className="grid gap-1 p-2">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="flex items-center gap-3 rounded-lg p-2">
          <Skeleton className="size-11 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
