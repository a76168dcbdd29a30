import {
  Ban,
  CheckCircle2,
  Flag,
  Gavel,
  Heart,
  Leaf,
  Scale,
  ShieldCheck,
  ShieldAlert,
  Sparkles,
  Users,
  XCircle,
} from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useInfoTranslation } from '../i18n';
import { InfoHeader, InfoPage, InfoSection, PointList, inlineLinkClass } from './info-layout';
import { MailText } from './mail-text';
import { TermsSections } from './terms-sections';

type Tab = 'rules' | 'terms';

const VALUES = [
  { key: 'respect', icon: Heart },
  { key: 'honesty', icon: Scale },
  { key: 'safety', icon: ShieldCheck },
  { key: 'sustainability', icon: Leaf },
] as const;

const DO_DONT = [
  { key: 'do', icon: CheckCircle2, border: 'border-green-200', iconClass: 'text-green-700' },
  { key: 'dont', icon: XCircle, border: 'border-red-200', iconClass: 'text-destructive' },
] as const;

const LADDER = ['first', 'second', 'third'] as const;

/**
 * `/community-rules` (spec section 2): tabs rules and terms. The tab lives in the URL (`?tab=terms`; rules is
 * the default and has no parameter), so a link can open either tab and Back/Forward and reloads keep it.
 */
export function CommunityRulesPage() {
  const { t } = useInfoTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'terms' ? 'terms' : 'rules';

  const selectTab = (value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'terms') next.set('tab', 'terms');
        else next.delete('tab');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <InfoPage>
      <InfoHeader icon={Users} title={t('community.title')} intro={t('community.intro')} />
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label={t('community.tabsLabel')} className="w-full sm:w-auto">
          <TabsTrigger value="rules" className="flex-1 sm:flex-none">
            <Gavel aria-hidden="true" className="size-4" />
            {t('community.tabs.rules')}
          </TabsTrigger>
          <TabsTrigger value="terms" className="flex-1 sm:flex-none">
            <Scale aria-hidden="true" className="size-4" />
            {t('community.tabs.terms')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="rules" className="mt-6">
          <RulesTab />
        </TabsContent>
        <TabsContent value="terms" className="mt-6">
          <div className="grid gap-5 rounded-xl border bg-card p-5 shadow-sm sm:p-8">
            <div className="grid gap-1">
              <h2 className="text-xl font-bold tracking-tight">{t('community.tabs.terms')}</h2>
              <p className="text-sm text-muted-foreground">
                {t('common.lastUpdated', { date: t('community.terms.lastUpdated') })}
              </p>
            </div>
            <TermsSections level={3} />
          </div>
        </TabsContent>
      </Tabs>
    </InfoPage>
  );
}

function RulesTab() {
  const { t } = useInfoTranslation();
  return (
    <div className="grid gap-4">
      <InfoSection id="rules-values" icon={Sparkles} title={t('community.values.title')}>
        <ul className="grid gap-3 sm:grid-cols-2">
          {VALUES.map((value) => (
            <li key={value.key} className="flex items-start gap-3 rounded-lg bg-muted/60 p-3">
              <value.icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span className="grid gap-0.5">
                <span className="font-semibold">{t(`community.values.items.${value.key}.title`)}</span>
                <span className="text-sm text-muted-foreground">
                  {t(`community.values.items.${value.key}.body`)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </InfoSection>

      <div className="grid gap-4 md:grid-cols-2">
        {DO_DONT.map((list) => (
          <InfoSection
            key={list.key}
            id={`rules-${list.key}`}
            icon={list.icon}
            title={t(`community.${list.key}.title`)}
            className={list.border}
          >
            <PointList
              points={t(`community.${list.key}.items`, { returnObjects: true })}
              icon={list.icon}
              iconClassName={list.iconClass}
            />
          </InfoSection>
        ))}
      </div>

      <InfoSection id="rules-prohibited" icon={Ban} title={t('community.prohibited.title')}>
        <p className="text-sm text-muted-foreground">{t('community.prohibited.intro')}</p>
        <ul className="grid gap-2 text-sm sm:grid-cols-2">
          {t('community.prohibited.items', { returnObjects: true }).map((item) => (
            <li key={item} className="flex items-start gap-2">
              <Ban className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="rules-enforcement" icon={ShieldAlert} title={t('community.enforcement.title')}>
        <p className="text-sm text-muted-foreground">{t('community.enforcement.intro')}</p>
        <ol className="grid gap-2 sm:grid-cols-3">
          {LADDER.map((step) => (
            <li key={step} className="rounded-lg border bg-muted/40 p-3">
              <span className="block text-xs font-semibold uppercase tracking-wider text-primary">
                {t(`community.enforcement.ladder.${step}.label`)}
              </span>
              <span className="font-semibold">{t(`community.enforcement.ladder.${step}.body`)}</span>
            </li>
          ))}
        </ol>
        <p className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900">
          {t('community.enforcement.severe')}
        </p>
      </InfoSection>

      <div className="grid gap-4 md:grid-cols-3">
        <InfoSection id="rules-appeal" icon={Gavel} title={t('community.appeal.title')}>
          <p className="text-sm">
            <MailText i18nKey="community.appeal.body" />
          </p>
        </InfoSection>
        <InfoSection id="rules-reporting" icon={Flag} title={t('community.reporting.title')}>
          <p className="text-sm">{t('community.reporting.body')}</p>
          <Link to={paths.reportIssue} className={`${inlineLinkClass} w-fit text-sm`}>
            {t('community.reporting.link')}
          </Link>
        </InfoSection>
        <InfoSection id="rules-eligibility" icon={Users} title={t('community.eligibility.title')}>
          <p className="text-sm">{t('community.eligibility.body')}</p>
        </InfoSection>
      </div>
    </div>
  );
}
