import { useRef, useState } from 'react'
import { useI18n } from '../i18n/I18nContext'
import { CopyIcon } from './LaterStepIcons'
import { useUiAdapters } from './UiAdapters'
// This step's English texts load with it, not in the first load.

/** The key in groups of four, for reading and typing. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? ''
}

/** The key spelled out character by character, group by group: "K B M T, M 3 2 U". */
export function spellSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).map((group) => [...group].join(' ')).join(', ')
}

type CopyStatus = 'idle' | 'copied' | 'failed'

/**
 * The shared secret for manual entry: grouped, selectable, spelled out to screen readers, with a
 * real Copy button whose outcome is announced. If the clipboard refuses, the key is selected so
 * the person can copy it themselves.
 */
export function SharedSecret({ secret }: { readonly secret: string }) {
  const { t } = useI18n()
  const { clipboard } = useUiAdapters()
  const [status, setStatus] = useState<{ value: CopyStatus; seq: number }>({
    value: 'idle',
    seq: 0,
  })
  const keyRef = useRef<HTMLElement>(null)

  const copy = (): void => {
    clipboard.writeText(secret).then(
      () => setStatus((last) => ({ value: 'copied', seq: last.seq + 1 })),
      () => {
        const key = keyRef.current
        const selection = key?.ownerDocument.getSelection()
        if (key && selection) selection.selectAllChildren(key)
        setStatus((last) => ({ value: 'failed', seq: last.seq + 1 }))
      },
    )
  }

  return (
    <div className="secret">
      <p className="secret__intro">
        <strong>{t('qr.manualHeading')}</strong> {t('qr.manualInstruction')}
      </p>
      <div className="secret__row">
        <code ref={keyRef} className="secret__key" dir="ltr" aria-hidden="true">
          {groupSecret(secret)}
        </code>
        <span className="visually-hidden">{t('qr.secretLabel', { key: spellSecret(secret) })}</span>
        <button type="button" className="button button--secondary secret__copy" onClick={copy}>
          <CopyIcon />
          <span>{t('qr.copy')}</span>
        </button>
      </div>
      <p className="secret__status" role="status">
        {status.value === 'idle' ? null : (
          <span key={status.seq}>
            {status.value === 'copied' ? t('qr.copied') : t('qr.copyFailed')}
          </span>
        )}
      </p>
    </div>
  )
}
