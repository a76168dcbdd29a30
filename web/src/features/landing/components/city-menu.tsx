import { ChevronDown } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PRESET_CITIES } from '@nomadswap/contracts/enums';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { CityFlag } from './city-flag';

interface CityMenuProps {
  countFor: ((city: string) => number) | undefined;
  /** Mounted by a press of the location bar's placeholder button: it opens at once (location-bar.tsx). */
  defaultOpen?: boolean;
}

/** The location bar's Change Location menu: the six preset cities with their counts, each to its browse page. */
export default function CityMenu({ countFor, defaultOpen = false }: CityMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          {t('home.location.change')}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>{t('home.location.presetLabel')}</DropdownMenuLabel>
        {PRESET_CITIES.map((preset) => (
          <DropdownMenuItem
            key={preset.name}
            onSelect={() => void navigate(paths.browseIn(preset.name))}
            className="justify-between"
          >
            <span className="flex items-center gap-2">
              <CityFlag country={preset.country} className="h-4 w-6" />
              {preset.name}
            </span>
            <span className="text-xs text-muted-foreground">
              {countFor ? t('home.itemCount', { count: countFor(preset.name) }) : '…'}
            </span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
