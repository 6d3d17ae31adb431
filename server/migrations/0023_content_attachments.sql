-- Pictures for the content editors (contract/src/attachments.ts, server/src/modules/content/attachments.ts):
-- an upload is checked by its bytes, turned upright, stripped of metadata and stored as WebP copies at a few
-- widths. The copies are public at /media/{id}/{hash}-{width}.webp; the hash (of the largest copy) changes with
-- the picture, so a replaced picture gets new addresses.

CREATE TABLE content_attachments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The uploaded file's name (its last path segment, without control characters).
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 200),
  -- What the upload was, by its first bytes.
  original_type text NOT NULL
    CHECK (original_type IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp')),
  alt text NOT NULL DEFAULT '' CHECK (char_length(alt) <= 300),
  -- The first 16 hexadecimal digits of the sha256 of the largest copy: part of every copy's address.
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{16}$'),
  -- The largest copy's size and pixels.
  bytes integer NOT NULL CHECK (bytes > 0),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  -- Who uploaded the current picture.
  uploaded_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The WebP copies, one per width (480, 960, 1600 — those not wider than the picture — or its own width).
CREATE TABLE content_attachment_variants (
  attachment_id bigint NOT NULL REFERENCES content_attachments (id) ON DELETE CASCADE,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  content bytea NOT NULL,
  PRIMARY KEY (attachment_id, width)
);
