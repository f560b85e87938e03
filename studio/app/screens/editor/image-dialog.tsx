/**
 * An image of the page clicked in the preview (preview/inline-media.ts): the form's image picker
 * (public/images/ as thumbnails, "Enviar imagem") and the image's alternative text, in a dialog.
 * Choosing an image writes its src, width and height as one edit; the alt text is written as it is
 * typed, like the form's fields (inline-edits.ts: in a variant, the smallest `change:`).
 */
import { useId, useState } from 'react';
import type { ImageInfo } from '../../../api.ts';
import { sizeToWrite } from '../../../image-rules.ts';
import type { JsonSchema } from './form/block-form.tsx';
import { blockSchemas } from './form/block-schemas.ts';
import { ImagePicker } from './form/image-picker.tsx';
import type { PropPath } from '../../preview/inline-edit.ts';
import { actionsCss, Button, Dialog, fieldCss } from '../../shared/ui.tsx';

interface ImageValue {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

/** The schema of the image object at `path` of a block of type `type`. */
function imageSchema(type: string, path: PropPath): JsonSchema | undefined {
  let at: JsonSchema | undefined = blockSchemas.get(type);
  for (const key of path) {
    const branch: JsonSchema | undefined =
      typeof key === 'number'
        ? (at?.items as JsonSchema | undefined)
        : (at?.properties as Record<string, JsonSchema> | undefined)?.[key];
    at = branch;
  }
  return at;
}

export function ImageDialog({
  type,
  path,
  image,
  onChange,
  onClose,
}: {
  /** The block's type, and the image object's path in it. */
  type: string;
  path: PropPath;
  /** The image as the page shows it now. */
  image: ImageValue;
  onChange: (values: Partial<ImageValue>) => void;
  onClose: () => void;
}) {
  const altId = useId();
  // Typed here, not read back from the renders (they come after the keystrokes).
  const [alt, setAlt] = useState(image.alt);
  const schema = imageSchema(type, path);
  const bounds = (schema?.properties ?? {}) as Parameters<typeof sizeToWrite>[0];
  const choose = (chosen: ImageInfo) =>
    onChange({ src: chosen.url, ...sizeToWrite(bounds, image.width, chosen) });
  return (
    <Dialog title="Trocar imagem" onClose={onClose} wide>
      <div css={fieldCss}>
        <label htmlFor={altId}>Texto alternativo</label>
        <input
          id={altId}
          type="text"
          value={alt}
          aria-describedby={`${altId}-ajuda`}
          onChange={(event) => {
            setAlt(event.target.value);
            onChange({ alt: event.target.value });
          }}
        />
        <small id={`${altId}-ajuda`}>
          Lido por leitores de tela no lugar da imagem. Deixe vazio só se a imagem for decorativa.
        </small>
      </div>
      <p>
        Imagem atual: <code>{image.src}</code>
      </p>
      <ImagePicker label="esta imagem" current={image.src} onChoose={choose} />
      <div css={actionsCss}>
        <Button tone="primary" onClick={onClose}>
          Pronto
        </Button>
      </div>
    </Dialog>
  );
}
