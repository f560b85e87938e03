/**
 * The image chooser of the form: the images of public/images/ as a grid of thumbnails (buttons,
 * the current one pressed), and "Enviar imagem", which uploads a file from the computer
 * (POST /api/images) and chooses it. Choosing writes the image's src, and its width and height
 * when known, as one edit of the source.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { css } from '@emotion/react';
import type { ImageInfo, UploadRefused } from '../../../../api.ts';
import { IMAGE_ACCEPT, IMAGE_LIMITS, sizeText, suggestImageName } from '../../../../image-rules.ts';
import { colors, fonts } from '../../../../../design/theme.ts';
import { api, ApiFailure } from '../../../shared/api-client.ts';
import { Button } from '../../../shared/ui.tsx';

// ─── The list, shared by every picker and fetched again after an upload ───────────────────────

let images: ImageInfo[] = [];
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function reloadImages(): Promise<void> {
  loading = api.images().then(
    (answer) => {
      images = answer.images;
      listeners.forEach((listener) => listener());
    },
    () => {},
  );
  return loading;
}

function useImages(): ImageInfo[] {
  useEffect(() => {
    if (!loading) void reloadImages();
  }, []);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => images,
  );
}

// ─── The picker ─────────────────────────────────────────────────────────────────────────────

const pickerCss = css`
  margin-top: 6px;
  .grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(92px, 1fr));
    gap: 6px;
    max-height: 252px;
    overflow: auto;
    padding: 3px;
    margin: 0;
    list-style: none;
    border: 1px solid ${colors.line};
    border-radius: 6px;
    background: ${colors.surfaceAlt};
  }
  .choice {
    display: grid;
    gap: 2px;
    width: 100%;
    padding: 4px;
    border: 2px solid transparent;
    border-radius: 6px;
    background: ${colors.white};
    cursor: pointer;
    font: 11px/1.3 ${fonts.body};
    color: ${colors.ink};
    text-align: left;
  }
  .choice:hover {
    border-color: ${colors.waterLight};
  }
  .choice[aria-pressed='true'] {
    border-color: ${colors.waterDark};
    background: ${colors.waterLight};
  }
  .choice img {
    width: 100%;
    height: 64px;
    object-fit: contain;
    display: block;
  }
  .name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .size {
    color: ${colors.muted};
  }
  .current {
    font-weight: 600;
    color: ${colors.waterDark};
  }
  .upload {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    margin-top: 8px;
  }
  .upload p {
    margin: 0;
    flex-basis: 100%;
    font-size: 13px;
  }
  .upload .error {
    color: ${colors.orangeHover};
    font-weight: 600;
  }
  .upload .done {
    color: ${colors.muted};
  }
`;

const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

type Status =
  | { kind: 'idle' }
  | { kind: 'sending'; name: string }
  | { kind: 'done'; text: string }
  | { kind: 'error'; text: string; retry?: { name: string; file: File } };

export function ImagePicker({
  label,
  current,
  onChoose,
}: {
  /** The field's label, to name the grid and the button for screen readers. */
  label: string;
  current: string;
  onChoose: (image: ImageInfo) => void;
}) {
  const list = useImages();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const known = list.some((image) => image.url === current);

  const upload = async (name: string, file: File) => {
    setStatus({ kind: 'sending', name });
    try {
      const image = await api.uploadImage(name, file);
      await reloadImages();
      onChoose(image);
      setStatus({
        kind: 'done',
        text: `Imagem enviada e escolhida: ${image.url} (${image.width} × ${image.height} pixels).`,
      });
    } catch (error) {
      const body = error instanceof ApiFailure ? (error.body as UploadRefused) : undefined;
      const text = body?.error ?? (error instanceof Error ? error.message : String(error));
      setStatus({
        kind: 'error',
        text,
        ...(body?.suggestion && body.suggestion !== name ? { retry: { name: body.suggestion, file } } : {}),
      });
    }
  };

  const chosen = (file: File | undefined) => {
    if (!file) return;
    // "Foto da Loja.JPG" is sent as foto-da-loja.jpg: the name becomes the image's address.
    void upload(suggestImageName(file.name) ?? file.name, file);
  };

  return (
    <div css={pickerCss}>
      {list.length > 0 && (
        <ul className="grid" aria-label={`Imagens de public/images/ para ${label}`}>
          {list.map((image) => {
            const selected = image.url === current;
            return (
              <li key={image.url}>
                <button
                  type="button"
                  className="choice"
                  aria-pressed={selected}
                  onClick={() => onChoose(image)}
                >
                  <img src={image.url} alt={fileName(image.url)} loading="lazy" decoding="async" />
                  <span className="name" aria-hidden="true">
                    {fileName(image.url)}
                  </span>
                  <span className="size">
                    {image.width && image.height ? `${image.width} × ${image.height}` : 'tamanho ?'}
                    {selected && <span className="current"> · atual</span>}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {!known && current.startsWith('/images/') && (
        <p className="hint">A imagem atual, {current}, não está em public/images/.</p>
      )}
      <div className="upload">
        <Button onClick={() => input.current?.click()} disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? `Enviando ${status.name}…` : 'Enviar imagem'}
        </Button>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          aria-label={`Enviar imagem para ${label}`}
          onChange={(event) => {
            chosen(event.target.files?.[0]);
            // The same file chosen again (after a fix) is a new choice.
            event.target.value = '';
          }}
        />
        {status.kind === 'error' && status.retry && (
          <Button onClick={() => void upload(status.retry!.name, status.retry!.file)}>
            Enviar como {status.retry.name}
          </Button>
        )}
        <span className="hint">
          PNG, JPEG, WebP ou AVIF até {sizeText(IMAGE_LIMITS.rasterBytes)}; SVG até{' '}
          {sizeText(IMAGE_LIMITS.svgBytes)}.
        </span>
        {status.kind === 'error' && (
          <p className="error" role="alert">
            {status.text}
          </p>
        )}
        {status.kind === 'done' && (
          <p className="done" role="status">
            {status.text}
          </p>
        )}
      </div>
    </div>
  );
}
