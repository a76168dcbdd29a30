import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface PageMeta {
  /** Page name; the document title becomes "<title> · NomadSwap". Omit for the app's default title. */
  title?: string;
  /** The page's meta description; omitted, the app's default description (index.html's) applies. */
  description?: string;
}

function descriptionTag(): HTMLMetaElement {
  const existing = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (existing) return existing;
  const meta = document.createElement('meta');
  meta.name = 'description';
  document.head.append(meta);
  return meta;
}

/**
 * Sets the document title and meta description for the current page (every route calls it once). Each page
 * sets both, so a page never inherits the previous page's title or description.
 */
export function usePageMeta({ title, description }: PageMeta = {}): void {
  const { t } = useTranslation();

  useEffect(() => {
    document.title = title ? t('meta.titleTemplate', { title }) : t('meta.defaultTitle');
    return () => {
      document.title = t('meta.defaultTitle');
    };
  }, [title, t]);

  useEffect(() => {
    const meta = descriptionTag();
    meta.content = description ?? t('meta.defaultDescription');
    return () => {
      meta.content = t('meta.defaultDescription');
    };
  }, [description, t]);
}
