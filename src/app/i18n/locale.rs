//! The players' languages. Every word on screen comes from a locale file in `assets/locale/` (one per
//! language, RON: a key, then a text or its plural forms); the code names keys, never sentences.
//!
//! The files are compiled in from `assets/locale/`, so every platform (Android's packed assets, the web)
//! has them at the first frame; they are parsed at start-up. A file that does not parse, or a key it
//! lacks, falls back to English, and the title screen says so: never a panic, never an empty button.
//!
//! Plurals follow each language's rules (Russian: 1 камень, 2 камня, 5 камней; French: 0 and 1 are
//! singular; Kazakh, Kyrgyz and Vietnamese do not inflect after numerals).

use std::collections::HashMap;
use std::fmt::Display;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// The languages the game speaks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    En,
    Ky,
    Kk,
    Ru,
    Fr,
    Es,
    Ca,
    Vi,
}

impl Lang {
    pub const ALL: [Lang; 8] =
        [Lang::En, Lang::Ky, Lang::Kk, Lang::Ru, Lang::Fr, Lang::Es, Lang::Ca, Lang::Vi];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ky => "ky",
            Lang::Kk => "kk",
            Lang::Ru => "ru",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::Ca => "ca",
            Lang::Vi => "vi",
        }
    }

    /// The language's name in itself, as the chooser shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ky => "Кыргызча",
            Lang::Kk => "Қазақша",
            Lang::Ru => "Русский",
            Lang::Fr => "Français",
            Lang::Es => "Español",
            Lang::Ca => "Català",
            Lang::Vi => "Tiếng Việt",
        }
    }

    /// From a locale name such as `ru_RU.UTF-8`, `kk-KZ` or `fr`.
    pub fn from_locale_name(name: &str) -> Option<Lang> {
        let code: String =
            name.chars().take_while(|c| c.is_ascii_alphabetic()).collect::<String>().to_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The locale file's text, compiled in from `assets/locale/`.
    pub fn file(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../../assets/locale/en.ron"),
            Lang::Ky => include_str!("../../../assets/locale/ky.ron"),
            Lang::Kk => include_str!("../../../assets/locale/kk.ron"),
            Lang::Ru => include_str!("../../../assets/locale/ru.ron"),
            Lang::Fr => include_str!("../../../assets/locale/fr.ron"),
            Lang::Es => include_str!("../../../assets/locale/es.ron"),
            Lang::Ca => include_str!("../../../assets/locale/ca.ron"),
            Lang::Vi => include_str!("../../../assets/locale/vi.ron"),
        }
    }

    /// The plural form a count takes (CLDR's cardinal rules for integers).
    pub fn plural_form(self, n: i64) -> PluralForm {
        let n = n.unsigned_abs();
        match self {
            Lang::En | Lang::Es | Lang::Ca => {
                if n == 1 {
                    PluralForm::One
                } else {
                    PluralForm::Other
                }
            }
            Lang::Fr => {
                if n <= 1 {
                    PluralForm::One
                } else {
                    PluralForm::Other
                }
            }
            Lang::Ru => match (n % 10, n % 100) {
                (1, r) if r != 11 => PluralForm::One,
                (2..=4, r) if !(12..=14).contains(&r) => PluralForm::Few,
                _ => PluralForm::Many,
            },
            Lang::Kk | Lang::Ky | Lang::Vi => PluralForm::Other,
        }
    }

    /// The system's language: `LC_ALL`, `LC_MESSAGES`, `LANG` on the desktop; the activity's
    /// configuration on Android; the first preferred language on iOS; English otherwise.
    pub fn from_system() -> Lang {
        #[cfg(target_os = "android")]
        if let Some(lang) = bevy::android::ANDROID_APP
            .get()
            .and_then(|app| app.config().language())
            .and_then(|l| Lang::from_locale_name(&l))
        {
            return lang;
        }
        #[cfg(target_os = "ios")]
        if let Some(lang) =
            crate::app::platform::ios::preferred_language().and_then(|l| Lang::from_locale_name(&l))
        {
            return lang;
        }
        #[cfg(target_arch = "wasm32")]
        if let Some(lang) =
            crate::app::platform::web::languages().iter().find_map(|l| Lang::from_locale_name(l))
        {
            return lang;
        }
        for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let Ok(value) = std::env::var(var)
                && !value.is_empty()
            {
                // The first variable set decides, as the C library does; "C" and "POSIX" mean English.
                return Lang::from_locale_name(&value).unwrap_or(Lang::En);
            }
        }
        Lang::En
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PluralForm {
    One,
    Few,
    Many,
    Other,
}

/// One message: a text, or a text per plural form.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum Message {
    Text(String),
    Plural {
        #[serde(default)]
        one: Option<String>,
        #[serde(default)]
        few: Option<String>,
        #[serde(default)]
        many: Option<String>,
        other: String,
    },
}

impl Message {
    fn form(&self, form: PluralForm) -> &str {
        match self {
            Message::Text(t) => t,
            Message::Plural { one, few, many, other } => match form {
                PluralForm::One => one.as_deref(),
                PluralForm::Few => few.as_deref(),
                PluralForm::Many => many.as_deref(),
                PluralForm::Other => None,
            }
            .unwrap_or(other),
        }
    }

    /// Every text the message can show.
    pub fn texts(&self) -> Vec<&str> {
        match self {
            Message::Text(t) => vec![t],
            Message::Plural { one, few, many, other } => {
                [one, few, many].into_iter().flatten().map(String::as_str).chain([other.as_str()]).collect()
            }
        }
    }
}

/// A language's messages by key.
pub type Catalog = HashMap<String, Message>;

/// Reads a locale file.
pub fn parse_catalog(text: &str) -> Result<Catalog, String> {
    ron::from_str::<Catalog>(text).map_err(|e| e.to_string())
}

/// The language on screen and its messages, with English behind every missing one.
#[derive(Resource, Clone, Debug)]
pub struct Locale {
    pub lang: Lang,
    messages: Catalog,
    english: Catalog,
    /// Why the chosen language's file could not be used, if it could not.
    pub problem: Option<String>,
}

impl Default for Locale {
    fn default() -> Self {
        Locale::new(Lang::En)
    }
}

impl Locale {
    pub fn new(lang: Lang) -> Locale {
        Locale::from_text(lang, lang.file())
    }

    /// The locale for `lang` from a file's text; a text that does not parse gives English.
    pub fn from_text(lang: Lang, text: &str) -> Locale {
        let english = parse_catalog(Lang::En.file()).unwrap_or_default();
        match parse_catalog(text) {
            Ok(messages) => Locale { lang, messages, english, problem: None },
            Err(e) => {
                warn!("locale file {}.ron is damaged: {e}", lang.code());
                Locale {
                    lang: Lang::En,
                    messages: english.clone(),
                    english,
                    problem: Some(lang.native_name().into()),
                }
            }
        }
    }

    fn message(&self, key: &str) -> Option<&Message> {
        self.messages.get(key).or_else(|| self.english.get(key))
    }

    /// The text for `key`.
    pub fn t(&self, key: &str) -> String {
        self.f(key, &[])
    }

    /// The text for `key` with `{name}` replaced by each argument.
    pub fn f(&self, key: &str, args: &[(&str, &dyn Display)]) -> String {
        self.render(key, PluralForm::Other, args)
    }

    /// The text for `key` in the plural form `n` takes, with `{n}` and the other arguments filled in.
    pub fn n(&self, key: &str, n: i64, args: &[(&str, &dyn Display)]) -> String {
        let mut all: Vec<(&str, &dyn Display)> = vec![("n", &n)];
        all.extend_from_slice(args);
        self.render(key, self.lang.plural_form(n), &all)
    }

    fn render(&self, key: &str, form: PluralForm, args: &[(&str, &dyn Display)]) -> String {
        let Some(message) = self.message(key) else { return key.to_string() };
        let mut text = message.form(form).to_string();
        for (name, value) in args {
            let slot = format!("{{{name}}}");
            if text.contains(&slot) {
                text = text.replace(&slot, &value.to_string());
            }
        }
        text
    }

    /// Every key of the English file, which the others follow.
    pub fn english_keys() -> Vec<String> {
        let mut keys: Vec<String> = parse_catalog(Lang::En.file()).unwrap_or_default().into_keys().collect();
        keys.sort();
        keys
    }
}

/// A text that shows the message `key` in the language on screen, updated in place when it changes.
#[derive(Component, Clone, Debug)]
pub struct Tr(pub &'static str);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Locale>().add_systems(PostUpdate, apply_translations);
}

/// Every [`Tr`] text shows its message in the language on screen.
pub(crate) fn apply_translations(
    locale: Res<Locale>,
    mut texts: ParamSet<(Query<(&Tr, &mut Text)>, Query<(&Tr, &mut Text), Changed<Tr>>)>,
) {
    if locale.is_changed() {
        for (tr, mut text) in &mut texts.p0() {
            let value = locale.t(tr.0);
            if text.0 != value {
                text.0 = value;
            }
        }
    } else {
        for (tr, mut text) in &mut texts.p1() {
            text.0 = locale.t(tr.0);
        }
    }
}
