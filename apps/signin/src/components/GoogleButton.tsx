import { useI18n } from '../i18n/I18nContext'
import { GoogleLogo } from './Icons'

/** "Sign in with Google", after Google's branding guidelines: a neutral button with the "G" mark. */
export function GoogleButton({ onClick }: { readonly onClick: () => void }) {
  const { t } = useI18n()
  return (
    <button type="button" className="button button--google" onClick={onClick}>
      <GoogleLogo />
      <span>{t('email.google')}</span>
    </button>
  )
}
