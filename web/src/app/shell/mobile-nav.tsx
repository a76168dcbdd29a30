import { lazy, Suspense, useState } from 'react';
import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { Button } from '../../components/ui/button';

const loadSheet = () => import('./mobile-nav-sheet');
const MobileNavSheet = lazy(loadSheet);

/**
 * Phones: the top navigation moves into a side sheet behind a menu button. The sheet's chunk is fetched when
 * the button is first pointed at, touched or focused, and mounted on the first tap; then it stays.
 */
export function MobileNav({ user }: { user: UserSelf | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const preload = () => void loadSheet();
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-5" aria-hidden="true" />
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <MobileNavSheet user={user} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
