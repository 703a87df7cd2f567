-- PostgreSQL dialect of ../0003_user_locales.sql.
CREATE TABLE user_locales (
    user_id     TEXT PRIMARY KEY,
    locale      TEXT NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL
);
